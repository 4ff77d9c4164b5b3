// The reading guard's vocabulary sets (verbs in every form, plurals, phrases cut into tokens and indexed), made once
// at build time by the guard's own code (lib/untrusted/lexicon-snapshot.ts) and embedded in each program as JSON
// (esbuild's `define` of CONTEXTE_LEXICON, read back by lexicon.ts): a program does not make them at each call.
// Used by build.mjs for the programs and by the bench for its in-process measurement.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

/** The JSON text of every vocabulary set the reading guard asks for. */
export async function lexicon() {
  const { outputFiles } = await build({
    entryPoints: [new URL('../lib/untrusted/lexicon-snapshot.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  return module.exports.snapshot();
}
