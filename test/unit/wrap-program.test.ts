/**
 * The program file build.mjs writes around a bundle (scripts-src/shims/wrap-program.mjs): the code rides in a
 * comment of an ASCII file and runs as written, whatever ends of comment, accents or escapes it holds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapProgram } from '../../scripts-src/shims/wrap-program.mjs';

/** Writes `bundle` wrapped as a program and runs it: what it printed. */
function runWrapped(bundle: string): { stdout: string; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'contexte-wrap-'));
  const file = join(folder, 'essai.js');
  writeFileSync(file, wrapProgram(bundle, 'essai'));
  const run = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: folder } });
  expect(run.stderr).toBe('');
  return { stdout: run.stdout, file };
}

describe('a program file', () => {
  const bundle = [
    'const star = /a.*/.source; // ends a comment */ inside the code',
    'const words = "clé, «élan», 日本, emoji 😀";',
    'const pattern = /[é«»]+/u;',
    'const raw = String.raw`\\u00e9`;',
    'console.log(JSON.stringify({ star, words, matched: pattern.exec("x«é»y")[0], raw, close: "*/", tail: "a*" }));',
  ].join('\n');

  it('runs the code as written: ends of comment, accents and characters beyond the BMP kept', () => {
    const { stdout, file } = runWrapped(bundle);
    expect(JSON.parse(stdout)).toEqual({ star: 'a.*', words: 'clé, «élan», 日本, emoji 😀', matched: '«é»', raw: '\\u00e9', close: '*/', tail: 'a*' });
    expect(readFileSync(file, 'utf8')).toMatch(/^[\x00-\x7f]*$/);
  });

  it('runs the same from its code cache', () => {
    const folder = mkdtempSync(join(tmpdir(), 'contexte-wrap-'));
    const file = join(folder, 'essai.js');
    writeFileSync(file, wrapProgram(bundle, 'essai'));
    const outputs = [1, 2].map(() => spawnSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: folder } }).stdout);
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[0]).toContain('«é»');
  });

  it('refuses code it could not carry unchanged', () => {
    expect(() => wrapProgram('const s = "\\é";', 'essai')).toThrow(/backslash/);
    expect(() => wrapProgram('const s = "*\\u002a/";', 'essai')).toThrow(/comment/);
  });
});
