/**
 * The program file build.mjs writes around a bundle (scripts-src/shims/wrap-program.mjs): the code rides in a
 * comment of an ASCII file and runs as written, whatever ends of comment, accents or escapes it holds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapProgram } from '../../scripts-src/shims/wrap-program.mjs';

/** `bundle` wrapped as a program, in a folder of its own that is also its cache's home. */
function writeWrapped(bundle: string): { file: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'contexte-wrap-'));
  const file = join(folder, 'essai.js');
  writeFileSync(file, wrapProgram(bundle, 'essai'));
  return { file, folder };
}

/** What the program printed; it printed no error. */
function run({ file, folder }: { file: string; folder: string }): string {
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: folder } });
  expect(result.stderr).toBe('');
  return result.stdout;
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
    const program = writeWrapped(bundle);
    expect(JSON.parse(run(program))).toEqual({ star: 'a.*', words: 'clé, «élan», 日本, emoji 😀', matched: '«é»', raw: '\\u00e9', close: '*/', tail: 'a*' });
    expect(readFileSync(program.file, 'utf8')).toMatch(/^[\x00-\x7f]*$/);
  });

  it('runs the same from its code cache', () => {
    const program = writeWrapped(bundle);
    const first = run(program);
    expect(readdirSync(join(program.folder, 'contexte-skills', 'v8'))).toHaveLength(1);
    expect(run(program)).toBe(first);
    expect(first).toContain('«é»');
  });

  it('refuses code it could not carry unchanged', () => {
    expect(() => wrapProgram('const s = "\\é";', 'essai')).toThrow(/backslash/);
    expect(() => wrapProgram('const s = "*\\u002a/";', 'essai')).toThrow(/comment/);
  });
});
