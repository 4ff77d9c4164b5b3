/**
 * The workshop's own flows: its Redis password is made with `openssl rand
 * -hex 12` and lives in REDIS_PASSWORD / REDISCLI_AUTH. Every command of
 * the workshop text that sets or uses it, and every place an agent would
 * paste it (a redis-cli transcript, a redis.conf excerpt, a table, a
 * sentence), is refused once the value is expanded, by the rules alone
 * (role beats alphabet) and, with the sender's environment, as a secret of
 * this machine; the same lines with `$REDIS_PASSWORD` unexpanded pass.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import { handoffNote } from '../helpers/notes.js';
import { publier, recuperer, verifier } from '../helpers/run-program.js';
import { shownWindow } from './fake.js';
import { LOCAL_COPIES } from './local-copies.js';
import { expand, WORKSHOP_FLOWS as FLOWS, unexpanded } from './workshop-flows.js';

const password = () => randomBytes(12).toString('hex');

describe('the workshop flows, value expanded as an agent would paste it', () => {
  it.each(FLOWS)('refuses %s by its role, though the password is hex', async (_name, template) => {
    const value = password();
    const findings = (await findSecrets(expand(template, value))).filter((finding) => !finding.accepted);
    expect(findings.length).toBeGreaterThan(0);
    expect(shownWindow(JSON.stringify(findings), [{ value, secret: value }])).toBeUndefined();
  });

  it.each(FLOWS)('passes %s when the variable is left unexpanded', async (_name, template) => {
    expect(await findSecrets(unexpanded(template))).toEqual([]);
  });
});

describe('the workshop password as a secret of this machine', () => {
  const inNote = async (line: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'contexte-atelier-'));
    const file = join(dir, 'CONTEXTE-atelier.md');
    await writeFile(file, handoffNote({ extra: line }));
    return file;
  };
  const env = (value: string) => ({ REDIS_HOST: '192.168.1.20', REDISCLI_AUTH: value, REDIS_PASSWORD: value });

  it.each(LOCAL_COPIES)('is refused %s, with its source and nothing of the value', async (_name, write) => {
    const value = password();
    const file = await inNote(write(value));
    const result = await verifier([file, '--json'], { env: env(value) });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { problemes: Array<{ regle: string; source: string | null; accepte: boolean }> };
    const local = report.problemes.filter((problem) => problem.regle === 'secret-local');
    expect(local.length).toBeGreaterThan(0);
    expect(local[0]!.source).toMatch(/^la valeur de (?:REDISCLI_AUTH|REDIS_PASSWORD)$/);
    expect(local.every((problem) => !problem.accepte)).toBe(true);
    expect(shownWindow(result.stdout + result.stderr, [{ value, secret: value }])).toBeUndefined();
    const text = await verifier([file], { env: env(value) });
    expect(text.stdout).toContain('[secret-local]');
    expect(shownWindow(text.stdout + text.stderr, [{ value, secret: value }])).toBeUndefined();
  });

  it('is refused even on a line carrying the acceptance marker: the marker accepts a guess, not a fact', async () => {
    const value = password();
    const file = await inNote(`Chaîne de test : ${value} <!-- contexte:autorise -->`);
    const result = await verifier([file, '--json'], { env: env(value) });
    expect(result.code).toBe(1);
  });

  it('refuses a session export holding it in a tool output, names the JSON path, and publishes nothing', async () => {
    const value = password();
    const dir = await mkdtemp(join(tmpdir(), 'contexte-atelier-'));
    const note = join(dir, 'CONTEXTE-atelier.md');
    await writeFile(note, handoffNote({ auteur: 'alice', equipe: 'catalogue' }));
    const exported = join(dir, 'session.json');
    const output = `PONG\n${Buffer.from(`default:${value}`).toString('base64')}`;
    await writeFile(
      exported,
      JSON.stringify({
        info: { id: 'ses_1', title: '[redacted:session-title:ses_1]' },
        messages: [
          { info: { id: 'msg_1' }, parts: [{ type: 'tool', tool: 'bash', state: { status: 'completed', input: { command: 'redis-cli PING' }, output } }] },
        ],
      }),
    );
    const box = join(dir, 'boite');
    const result = await publier([note, 'catalogue', 'alice', exported, '--json'], { env: { ...env(value), REDIS_HOST: '', CONTEXTE_DIR: box } });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain('secret-local');
    expect(result.stdout).toContain('messages[0].parts[0].state.output');
    expect(shownWindow(result.stdout + result.stderr, [{ value, secret: value }])).toBeUndefined();
    const listed = await recuperer(['list', '--equipe', 'catalogue', '--json'], { env: { CONTEXTE_DIR: box } });
    expect(listed.stdout).not.toContain('contexte:catalogue:alice');
  });

  it('lets an honest note pass when the environment holds the password', async () => {
    const value = password();
    const file = await inNote(unexpanded(FLOWS[0]![1]));
    const result = await verifier([file], { env: env(value) });
    expect(result.stderr + result.stdout).not.toContain('secret-local');
    expect(result.code).toBe(0);
  });
});
