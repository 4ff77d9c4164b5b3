/**
 * bench/guards-in-process.ts (of this tree, or of an earlier commit's sources) bundled and wrapped as a program is, so
 * that the bench times the guards as a program loads them. Used by bench/run.ts and bench/before.ts.
 */
import { writeFileSync } from 'node:fs';
import { type BuildOptions, build } from 'esbuild';
import { wrapProgram } from '../scripts-src/shims/wrap-program.mjs';

/** Writes the program built from `entry` to `file`; `options`: what differs between trees (plugins, node paths). */
export async function writeGuardsProgram(entry: string, file: string, name: string, options: BuildOptions = {}): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    minify: true,
    logLevel: 'warning',
    ...options,
  });
  writeFileSync(file, wrapProgram(outputFiles![0]!.text, name));
  return file;
}
