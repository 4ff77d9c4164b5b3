/**
 * Shared by the hostile-input suites: temporary folder mailboxes, a scan for
 * published notes, and the one assertion every refusal must pass (documented
 * exit code, a French first line naming the program, no stack trace, no raw
 * control character).
 */
import type { Dirent } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunResult } from '../helpers/run-program.js';

export type ProgramName = 'publier' | 'recuperer' | 'verifier' | 'lire' | 'admin';

export const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), `contexte-hostile-${prefix}-`));

/** Every file under `root` (recursively), relative to it; [] when `root` does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name).slice(root.length + 1))
    .sort();
}

/** The notes and exports stored in a folder mailbox (`<equipe>/<auteur>/contexte-…`, `session-…`). */
export async function notesIn(box: string): Promise<string[]> {
  return (await filesUnder(box)).filter((file) => /(^|\/)(contexte|session)-[^/]*$/.test(file));
}

/** A raw control character (other than the newlines between lines and the tab). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * A usage refusal (or any error the runner prints): the exit code, then
 * `<program> : <message>` as the first line of stderr, in one line, with no
 * stack trace and no raw control character.
 */
export function expectRefusal(result: RunResult, program: ProgramName, code: number, message?: RegExp): string {
  const context = `code ${result.code} en ${Math.round(result.elapsed)} ms ; stderr : ${JSON.stringify(result.stderr.slice(0, 400))}`;
  expect(result.code, context).toBe(code);
  const first = result.stderr.split('\n')[0]!;
  expect(first, context).toMatch(new RegExp(`^${program} : \\S`));
  if (message) expect(first, context).toMatch(message);
  expectNoTrace(result);
  return first;
}

/** No stack trace, no raw control character on stderr. */
export function expectNoTrace(result: RunResult): void {
  expect(result.stderr, 'trace de pile sur stderr').not.toMatch(/\n\s+at /);
  expect(result.stdout, 'trace de pile sur stdout').not.toMatch(/\n\s+at .*[:(]\d+/);
  expect(RAW_CONTROL.test(result.stderr), `caractère de contrôle brut sur stderr : ${JSON.stringify(result.stderr.slice(0, 300))}`).toBe(false);
}

/** A check refusal by publier: exit 1, « Refus : rien n’a été publié. », and the rule named. */
export function expectPublierRefusal(result: RunResult, rule: string): void {
  const context = `code ${result.code} en ${Math.round(result.elapsed)} ms ; stderr : ${JSON.stringify(result.stderr.slice(0, 400))}`;
  expect(result.code, context).toBe(1);
  expect(result.stderr.split('\n')[0], context).toBe('Refus : rien n’a été publié.');
  expect(result.stderr, context).toContain(`[${rule}]`);
  expectNoTrace(result);
}

/**
 * A check refusal by verifier: exit 1 and the rule in its report. verifier's
 * report is its normal output (stdout, documented with --json); stderr stays
 * free of traces.
 */
export function expectVerifierRefusal(result: RunResult, rule: string): void {
  const context = `code ${result.code} en ${Math.round(result.elapsed)} ms ; stdout : ${JSON.stringify(result.stdout.slice(0, 400))} ; stderr : ${JSON.stringify(result.stderr.slice(0, 400))}`;
  expect(result.code, context).toBe(1);
  expect(result.stdout, context).toMatch(/problème\(s\)\./);
  expect(result.stdout, context).toContain(`[${rule}]`);
  expectNoTrace(result);
}

/** Replaces the YAML header of a note (between the first two `---` lines). */
export function withHeader(note: string, header: string): string {
  const replaced = note.replace(/^---\n[\s\S]*?\n---\n/, `---\n${header}\n---\n`);
  if (replaced === note) throw new Error('no header to replace');
  return replaced;
}
