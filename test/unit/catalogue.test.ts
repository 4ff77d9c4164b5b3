/**
 * Every entry of the message catalogue, rendered in-process with placeholder
 * parameters: the invariants hold even for the errors no test machine can
 * provoke (a full disk, a network without a route). test/error-paths.test.ts
 * reaches them through the real programs.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../../scripts-src/lib/cli/environment.js';
import { unusableFile } from '../../scripts-src/lib/mailbox/folder/folder-vigilance.js';
import { CATALOGUE, type Reason } from '../../scripts-src/lib/messages/catalogue.js';
import { ExitCode } from '../../scripts-src/lib/messages/exit-code.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

/** Any parameter: a number where one is counted, a flag off, otherwise a word the test can find again. */
const placeholders = new Proxy({} as Record<string, unknown>, {
  get: (_, name) => (['max', 'given', 'year', 'ttl', 'size'].includes(String(name)) ? 7 : name === 'shared' ? false : `⟨${String(name)}⟩`),
});

/** The placeholders as a plain object, to override one parameter. */
const placeholderValues = () =>
  Object.fromEntries(['what', 'path', 'size', 'max', 'code', 'option'].map((name) => [name, (placeholders as Record<string, unknown>)[name]]));

describe('the message catalogue', () => {
  it.each(Object.keys(CATALOGUE) as Reason[])('%s: a sentence with a verb or « : », an advice, an exit code, no English', (reason) => {
    const failure = new Failure(reason, placeholders);
    expect(failure.message).toMatch(/ : |\b(est|sont|a|ont|ne|n’|s’|refuse|demande|manque|dit|mène|prend)\b/);
    expect(failure.message).toMatch(/^([a-zàéç«⟨-]|[A-Z][A-Z_]+ )/);
    expect(failure.message).not.toMatch(/[.\n]$/);
    expect(failure.advice).toMatch(/^[A-ZÉÀ«].{10,}/);
    expect(Object.values(ExitCode)).toContain(failure.exitCode);
    expect(failure.exitCode).not.toBe(ExitCode.Success);
    const codes = [...`${failure.message} ${failure.advice}`.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)].map((match) => match[0]);
    expect(codes.filter((code) => !(code in ENVIRONMENT))).toEqual([]);
    expect(`${failure.message} ${failure.advice}`).not.toMatch(/\b(undefined|null|NaN|Error|Cannot|failed|invalid|\[object)\b/);
  });

  it('says what happened to a file whatever its gender: no fixed masculine adjective after « la note » (« est trop gros »)', () => {
    // Participles and adjectives whose feminine differs; a message about « la note » must not end on one of them.
    const masculineOnly = /(?<!\p{L})(gros|long|court|ignoré|écrit|lu|trouvé|refusé|modifié|publié|supprimé|vérifié)(?!\p{L})/u;
    const files = (Object.keys(CATALOGUE) as Reason[]).filter((reason) => new Failure(reason, placeholders).message.includes('⟨what⟩'));
    expect(files.length).toBeGreaterThan(4);
    for (const reason of files) {
      const message = new Failure(reason, { ...placeholderValues(), what: 'la note' }).message;
      expect(message, reason).not.toMatch(masculineOnly);
    }
    for (const why of ['lien', 'special', 'trop-gros', 'illisible'] as const) {
      expect(unusableFile('note', 'catalogue/alice/contexte-1', why, 9, 7).message).not.toMatch(masculineOnly);
    }
  });

  it('never takes a password or a URL as a parameter', () => {
    const source = Object.entries(CATALOGUE).map(([reason, entry]) => `${reason} ${entry.message.toString()} ${entry.advice.toString()}`);
    for (const line of source) expect(line).not.toMatch(/p\.(password|motDePasse|url|secret|auth)\b/i);
  });
});
