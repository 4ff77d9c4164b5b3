/**
 * Every entry of the message catalogue, rendered in-process with placeholder
 * parameters: the invariants hold even for the errors no test machine can
 * provoke (a full disk, a network without a route). test/error-paths.test.ts
 * reaches them through the real programs.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../../scripts-src/lib/cli/environment.js';
import { CATALOGUE, type Reason } from '../../scripts-src/lib/messages/catalogue.js';
import { ExitCode } from '../../scripts-src/lib/messages/exit-code.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

/** Any parameter: a number where one is counted, a flag off, otherwise a word the test can find again. */
const placeholders = new Proxy({} as Record<string, unknown>, {
  get: (_, name) => (['max', 'given', 'year', 'ttl', 'size'].includes(String(name)) ? 7 : name === 'shared' ? false : `⟨${String(name)}⟩`),
});

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

  it('never takes a password or a URL as a parameter', () => {
    const source = Object.entries(CATALOGUE).map(([reason, entry]) => `${reason} ${entry.message.toString()} ${entry.advice.toString()}`);
    for (const line of source) expect(line).not.toMatch(/p\.(password|motDePasse|url|secret|auth)\b/i);
  });
});
