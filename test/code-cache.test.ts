/**
 * The programs' code cache (scripts-src/shims/code-cache-loader.cjs), as a user meets it: a
 * private folder under XDG_CACHE_HOME, files only the user reads, a folder someone else could
 * write to left alone (its bytes would become code), a damaged file ignored and replaced, and
 * an update that leaves no earlier version's files behind for long.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allProgramPaths, runScript } from './helpers/run-program.js';

const cacheOf = (home: string) => join(home, 'contexte-skills', 'v8');
const help = (program: keyof typeof allProgramPaths, home: string) => runScript(allProgramPaths[program], ['--help'], { env: { XDG_CACHE_HOME: home } });

describe('the code cache', () => {
  it('is written in a private folder, one file per program, that only the user can read', async () => {
    const home = mkdtempSync(join(tmpdir(), 'contexte-cache-'));
    expect((await help('recuperer', home)).code).toBe(0);
    expect((await help('lire', home)).code).toBe(0);
    const folder = cacheOf(home);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder);
    expect(files.filter((file) => file.startsWith('recuperer-'))).toHaveLength(1);
    expect(files.filter((file) => file.startsWith('lire-'))).toHaveLength(1);
    for (const file of files) expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
  });

  it("removes that program's files for other code written over a week ago when it writes its own, and keeps the others", async () => {
    const home = mkdtempSync(join(tmpdir(), 'contexte-cache-'));
    const folder = cacheOf(home);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = (program: string, hash: string) => `${program}-${hash}-${process.version}-${process.arch}.bin`;
    const weeksAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    const earlier = file('recuperer', '0123456789abcdef');
    // Another version still in use (another project's copy of the skills): its cache stays.
    const sideBySide = file('recuperer', 'fedcba9876543210');
    const otherProgram = file('lire', '0123456789abcdef');
    for (const name of [earlier, sideBySide, otherProgram]) writeFileSync(join(folder, name), 'autre version', { mode: 0o600 });
    for (const name of [earlier, otherProgram]) utimesSync(join(folder, name), weeksAgo, weeksAgo);
    expect((await help('recuperer', home)).code).toBe(0);
    const files = readdirSync(folder);
    expect(files).not.toContain(earlier);
    expect(files).toContain(sideBySide);
    expect(files).toContain(otherProgram);
    expect(files.filter((name) => name.startsWith('recuperer-'))).toHaveLength(2);
  });

  it('ignores a damaged file and replaces it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'contexte-cache-'));
    await help('recuperer', home);
    const folder = cacheOf(home);
    const [file] = readdirSync(folder).filter((name) => name.startsWith('recuperer-'));
    writeFileSync(join(folder, file!), Buffer.alloc(4096, 7));
    const run = await help('recuperer', home);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('recuperer');
    expect(statSync(join(folder, file!)).size).not.toBe(4096);
  });

  it('is not used in a folder others can write to', async () => {
    const home = mkdtempSync(join(tmpdir(), 'contexte-cache-'));
    const folder = cacheOf(home);
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    const run = await help('recuperer', home);
    expect(run.code).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
  });
});
