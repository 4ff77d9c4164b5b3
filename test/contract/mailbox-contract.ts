/**
 * One contract for every mailbox: the folder, a Redis server, a Redis Cluster.
 * Each backend file calls `mailboxContract` with a factory; the tests use the
 * library through `openMailbox(env)`, as the programs do, and the programs
 * themselves where processes matter (concurrency).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery, Mailbox } from '../../scripts-src/lib/mailbox/contract.js';
import { newerFirst } from '../../scripts-src/lib/mailbox/keys.js';
import { openMailbox } from '../../scripts-src/lib/mailbox/open.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';
import { fetchedBytes } from '../helpers/fetched.js';
import { handoffNote } from '../helpers/notes.js';
import { publier } from '../helpers/run-program.js';

export interface Backend {
  /** The environment that selects this mailbox, for the library and for the programs. */
  env: Record<string, string>;
  /** Expected start of the mailbox's label. */
  label: RegExp;
  stop(): Promise<void>;
}

let teams = 0;
const uniqueTeam = () => `t${process.pid}x${++teams}x${randomBytes(2).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mailboxContract(name: string, start: () => Promise<Backend>): void {
  describe(`mailbox contract: ${name}`, () => {
    let backend: Backend;
    let mailbox: Mailbox;
    let dir: string;

    beforeAll(async () => {
      backend = await start();
      mailbox = await openMailbox(backend.env);
      dir = await mkdtemp(join(tmpdir(), 'contexte-contrat-'));
    });
    afterAll(async () => {
      await mailbox?.close();
      await backend?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    /** The rows of a listing, for the tests that need only them. */
    const rows = async (query: ListQuery) => (await mailbox.list(query)).entries;
    const bytesOf = async (key: string) => fetchedBytes(await mailbox.get(key));

    const publish = (team: string, author: string, note: Buffer | string, options: { ttl?: number; session?: Buffer; changes?: Buffer } = {}) =>
      mailbox.publish({
        team,
        author,
        note: Buffer.from(note),
        ...(options.session ? { session: options.session } : {}),
        ...(options.changes ? { changes: options.changes } : {}),
        ttlSeconds: options.ttl ?? 600,
        now: new Date(),
        summary: { title: `Note de ${author}`, summary: 'Une ligne de résumé.' },
      });

    it('names itself without any credential', () => {
      expect(mailbox.label).toMatch(backend.label);
      if (backend.env.REDISCLI_AUTH) expect(mailbox.label).not.toContain(backend.env.REDISCLI_AUTH);
    });

    it('gives the size of a value beyond what the reader accepts, without reading it; get journals nothing (the reader records a delivered reading)', async () => {
      const team = uniqueTeam();
      const bytes = randomBytes(2000);
      const { noteKey } = await publish(team, 'alice', bytes);
      expect(await mailbox.get(noteKey, 1999)).toEqual({ oversized: true, size: 2000 });
      expect(fetchedBytes(await mailbox.get(noteKey, 2000))).toEqual(bytes);
      const readings = (await mailbox.journal(team, new Date(0))).events.filter((event) => event.kind === 'lecture');
      expect(readings).toEqual([]);
    });

    it('round-trips any bytes exactly, and lists the note with its summary', async () => {
      const team = uniqueTeam();
      const bytes = Buffer.concat([Buffer.from('# Décisions\r\nÉtat : ✓\n', 'utf8'), randomBytes(64), Buffer.from([0, 255, 13])]);
      const { noteKey, expiresAt } = await publish(team, 'alice', bytes);
      expect(noteKey).toMatch(new RegExp(`^contexte:${team}:alice:\\d{8}-\\d{4}$`));
      expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
      expect(await mailbox.get(noteKey)).toEqual({ value: bytes, sha256: createHash('sha256').update(bytes).digest('hex'), vigilance: [] });
      const [entry] = await rows({ team });
      expect(entry!.vigilance).toEqual([]);
      expect(entry).toMatchObject({ key: noteKey, size: bytes.length, title: 'Note de alice', summary: 'Une ligne de résumé.' });
      expect(entry!.ttlSeconds).toBeGreaterThan(590);
      expect(entry!.ttlSeconds).toBeLessThanOrEqual(600);
    });

    it('keeps title and summary readable for a real note', async () => {
      const team = uniqueTeam();
      await mailbox.publish({
        team,
        author: 'bob',
        note: Buffer.from(handoffNote()),
        ttlSeconds: 60,
        now: new Date(),
        summary: { title: 'Migration du catalogue vers HTTP' },
      });
      expect((await rows({ team }))[0]?.title).toBe('Migration du catalogue vers HTTP');
    });

    it('never overwrites: a second publication in the same minute gets the next key', async () => {
      const team = uniqueTeam();
      const first = await publish(team, 'alice', 'première');
      const second = await publish(team, 'alice', 'deuxième');
      expect(second.noteKey).not.toBe(first.noteKey);
      expect((await bytesOf(first.noteKey))!.toString()).toBe('première');
      expect((await bytesOf(second.noteKey))!.toString()).toBe('deuxième');
    });

    it('pairs a session export with its note under the same stamp', async () => {
      const team = uniqueTeam();
      const session = Buffer.from(JSON.stringify({ info: { title: '[redacted:x]' }, messages: [] }));
      const publication = await publish(team, 'alice', 'note', { session });
      expect(publication.sessionKey).toBe(publication.noteKey.replace(/^contexte:/, 'session:'));
      expect(Buffer.compare((await bytesOf(publication.sessionKey!))!, session)).toBe(0);
      expect((await rows({ team }))[0]?.sessionKey).toBe(publication.sessionKey);
    });

    it('pairs a work in progress with its note under the same stamp, alone or with the export, and lists both', async () => {
      const team = uniqueTeam();
      const changes = Buffer.from('# base : x\ndiff --git a/a.ts b/a.ts\n\u0000binaire\n');
      const alone = await publish(team, 'alice', 'note', { changes });
      expect(alone.changesKey).toBe(alone.noteKey.replace(/^contexte:/, 'modifs:'));
      expect(alone.sessionKey).toBeUndefined();
      expect(Buffer.compare((await bytesOf(alone.changesKey!))!, changes)).toBe(0);
      const both = await publish(team, 'bob', 'note', { changes, session: Buffer.from('{}') });
      expect(both.changesKey).toBe(both.noteKey.replace(/^contexte:/, 'modifs:'));
      expect(both.sessionKey).toBe(both.noteKey.replace(/^contexte:/, 'session:'));
      const listed = Object.fromEntries((await rows({ team })).map((entry) => [entry.parts.author, entry]));
      expect(listed.alice).toMatchObject({ changesKey: alone.changesKey });
      expect(listed.alice?.sessionKey).toBeUndefined();
      expect(listed.bob).toMatchObject({ changesKey: both.changesKey, sessionKey: both.sessionKey });
      expect((await rows({ pattern: `modifs:${team}:*` })).map((entry) => entry.key).sort()).toEqual([alone.changesKey, both.changesKey].sort());
    });

    it('lists a team, one author, or a glob pattern, and nothing from other teams', async () => {
      const team = uniqueTeam();
      const other = uniqueTeam();
      const a = await publish(team, 'alice', 'a');
      const b = await publish(team, 'bob', 'b');
      await publish(other, 'alice', 'c');
      expect((await rows({ team })).map((entry) => entry.key).sort()).toEqual([a.noteKey, b.noteKey].sort());
      expect((await rows({ team, author: 'bob' })).map((entry) => entry.key)).toEqual([b.noteKey]);
      expect((await rows({ pattern: `contexte:${team}:a*` })).map((entry) => entry.key)).toEqual([a.noteKey]);
      expect(await rows({ team: uniqueTeam() })).toEqual([]);
    });

    it('lists at least the newest notes a limit asks for, and counts what it did not look at', async () => {
      const team = uniqueTeam();
      const keys: string[] = [];
      for (const [index, author] of ['alice', 'bruno', 'chloe', 'alice', 'bruno'].entries()) {
        const now = new Date(Date.UTC(2026, 0, 1, 10, index));
        keys.push((await mailbox.publish({ team, author, note: Buffer.from(`n${index}`), ttlSeconds: 600, now, summary: {} })).noteKey);
      }
      const all = (await mailbox.list({ team })).entries.sort(newerFirst).map((entry) => entry.key);
      expect(all).toEqual([...keys].reverse());
      const limited = await mailbox.list({ team, limit: 2 });
      // A driver may list every note anyway; what it leaves out, it counts.
      expect(
        limited.entries
          .sort(newerFirst)
          .map((entry) => entry.key)
          .slice(0, 2),
      ).toEqual(all.slice(0, 2));
      expect(limited.entries.length + (limited.notExamined ?? 0)).toBe(5);
    });

    it('expires notes: an expired note is neither listed nor returned', async () => {
      const team = uniqueTeam();
      const { noteKey } = await publish(team, 'alice', 'éphémère', { ttl: 1 });
      expect(await rows({ team })).toHaveLength(1);
      await sleep(2100);
      expect(await rows({ team })).toEqual([]);
      expect(await bytesOf(noteKey)).toBeUndefined();
      expect(await rows({ pattern: `contexte:${team}:*` })).toEqual([]);
    });

    it('refuses a clock outside the keys’ years as a request to fix (not a mailbox failure), and writes nothing', async () => {
      const team = uniqueTeam();
      const request = { team, author: 'alice', note: Buffer.from('x'), ttlSeconds: 60, now: new Date('+010000-01-01T00:00:00Z'), summary: {} };
      await expect(mailbox.publish(request)).rejects.toBeInstanceOf(Failure);
      expect(await rows({ team })).toEqual([]);
    });

    it('says a missing key is missing', async () => {
      expect(await bytesOf(`contexte:${uniqueTeam()}:personne:20260101-0000`)).toBeUndefined();
      expect(await mailbox.remove(`contexte:${uniqueTeam()}:personne:20260101-0000`)).toEqual([]);
    });

    it('removes a note with its session export, its work in progress and its index entry', async () => {
      const team = uniqueTeam();
      const { noteKey, sessionKey, changesKey } = await publish(team, 'alice', 'à retirer', { session: Buffer.from('{}'), changes: Buffer.from('diff') });
      const kept = await publish(team, 'bob', 'à garder');
      expect((await mailbox.remove(noteKey)).sort()).toEqual([noteKey, sessionKey!, changesKey!].sort());
      expect(await bytesOf(noteKey)).toBeUndefined();
      expect(await bytesOf(sessionKey!)).toBeUndefined();
      expect(await bytesOf(changesKey!)).toBeUndefined();
      expect((await rows({ team })).map((entry) => entry.key)).toEqual([kept.noteKey]);
    });

    it('purges a team and only that team', async () => {
      const team = uniqueTeam();
      const other = uniqueTeam();
      await publish(team, 'alice', 'a', { session: Buffer.from('{}') });
      await publish(team, 'bob', 'b', { changes: Buffer.from('diff') });
      const survivor = await publish(other, 'alice', 'c');
      expect(await mailbox.purge(team)).toBe(4);
      expect(await rows({ team })).toEqual([]);
      expect((await rows({ team: other })).map((entry) => entry.key)).toEqual([survivor.noteKey]);
    });

    it('journals publications, reads, refusals, removals and purges, without secrets', async () => {
      const team = uniqueTeam();
      const since = new Date(Date.now() - 1000);
      const { noteKey } = await publish(team, 'alice', 'journalisée');
      await mailbox.get(noteKey);
      await mailbox.record({ kind: 'lecture', team, author: 'alice', key: noteKey, size: 11 });
      await mailbox.record({ kind: 'refus', team, author: 'bob', detail: 'jeton-github ligne 12' });
      await mailbox.remove(noteKey);
      await mailbox.purge(team);
      const { events, anomalies } = await mailbox.journal(team, since);
      expect(anomalies).toEqual([]);
      expect(events.map((event) => event.kind)).toEqual(['publication', 'lecture', 'refus', 'suppression', 'purge']);
      expect(events[0]).toMatchObject({
        team,
        user: mailbox.user,
        author: 'alice',
        key: noteKey,
        size: Buffer.byteLength('journalisée'),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(events[2]).toMatchObject({ author: 'bob', detail: 'jeton-github ligne 12' });
      expect((await mailbox.journal(team, new Date(Date.now() + 60_000))).events).toEqual([]);
    });

    it('gives twenty processes publishing at once twenty distinct, complete notes', async () => {
      const team = uniqueTeam();
      const notes = await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const path = join(dir, `${team}-${index}.md`);
          const text = handoffNote({ equipe: team, extra: `Publication ${index} ${randomBytes(8).toString('hex')}\n` });
          await writeFile(path, text);
          return { path, text };
        }),
      );
      const results = await Promise.all(notes.map(({ path }) => publier([path, team, 'alice', '--json'], { env: backend.env, timeoutMs: 60_000 })));
      expect(results.map((result) => result.code)).toEqual(Array(20).fill(0));
      const keys = results.map((result) => (JSON.parse(result.stdout) as { cle: string }).cle);
      expect(new Set(keys).size).toBe(20);
      const stored = await Promise.all(keys.map(async (key) => (await bytesOf(key))!.toString()));
      expect(stored.sort()).toEqual(notes.map(({ text }) => text).sort());
      const listed = await rows({ team });
      expect(listed).toHaveLength(20);
      for (const entry of listed) expect(entry.ttlSeconds).toBeGreaterThan(0);
    }, 90_000);

    it('never shows a note half-written while it is being published', async () => {
      const team = uniqueTeam();
      const big = Buffer.alloc(4 * 1024 * 1024, 'x');
      let done = false;
      const seen: number[] = [];
      const watcher = (async () => {
        while (!done) {
          for (const entry of await rows({ team })) {
            const value = await bytesOf(entry.key);
            if (value) seen.push(value.length);
          }
          await sleep(1);
        }
      })();
      await Promise.all(Array.from({ length: 3 }, () => publish(team, 'alice', big)));
      done = true;
      await watcher;
      for (const length of seen) expect(length).toBe(big.length);
      expect(await rows({ team })).toHaveLength(3);
    }, 60_000);
  });
}
