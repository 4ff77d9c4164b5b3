// The phrase sets the guards build while they load (scripts-src/lib/untrusted/phrase-tables.ts): the same
// code loaded once at build time, its sets written into every bundle, so that a program restores them
// instead of cutting some thousand phrases at each start. Deterministic: the sets come from the vocabulary
// tables alone. Used by build.mjs, and by the test that compares a restored reading with a built one.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url).pathname;

/** Bundles `contents` (TypeScript, from the repository's root) and evaluates it: its exports. */
export async function loadBundled(contents, plugins = [], version = '0.0.0') {
  const { outputFiles } = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    define: { CONTEXTE_VERSION: JSON.stringify(version) },
    plugins,
    logLevel: 'warning',
  });
  const loaded = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(loaded, loaded.exports, createRequire(import.meta.url));
  return loaded.exports;
}

export async function phraseTablesPlugin(version) {
  const { builtPhraseSets, knownWords, imperativesOfFutures, vocabularyOf } = await loadBundled(
    "import './scripts-src/lib/guards.ts';\nexport { builtPhraseSets, imperativesOfFutures, knownWords } from './scripts-src/lib/untrusted/lexicon.ts';\nexport { vocabularyOf } from './scripts-src/lib/secrets/prose-credentials.ts';",
    [],
    version,
  );
  // The sets the plain-word password model builds at its first line of prose: written in with those built at load.
  vocabularyOf();
  const tables = JSON.stringify(builtPhraseSets());
  // The words of those sets, as lexicon.ts gathers them for disguised-words.ts: a program starts with them instead of
  // testing each word of each restored set (some ten thousand regex tests at every start).
  const words = JSON.stringify([...knownWords()]);
  // The futures read as imperatives (« enverras » → « envoie »): made from the verbs table, which a program then never reads.
  const imperatives = JSON.stringify(imperativesOfFutures());
  return {
    name: 'phrase-tables',
    setup(build) {
      // JSON.parse of one string literal: faster for V8 than the same data written as an object literal.
      build.onLoad({ filter: /untrusted[\\/]phrase-tables\.ts$/ }, () => ({
        contents: `export const BUILT_PHRASE_SETS = new Map(JSON.parse(${JSON.stringify(tables)}));\nexport const BUILT_WORDS = JSON.parse(${JSON.stringify(words)});\nexport const BUILT_IMPERATIVES = JSON.parse(${JSON.stringify(imperatives)});`,
        loader: 'ts',
      }));
    },
  };
}
