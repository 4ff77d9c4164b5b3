// Builds the programs: one standalone bundle per program, written beside the
// SKILL.md that runs it (skills/<skill>/scripts/<program>.js), so that a skill
// folder is whole wherever it is copied from (install.sh, `npx skills add`, the
// npm package), and dist/admin.js for the platform team. The output is
// committed, so it must be deterministic: CI rebuilds and fails when it differs.

import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { phraseTablesPlugin } from './scripts-src/shims/phrase-tables-plugin.mjs';
import { wrapProgram } from './scripts-src/shims/wrap-program.mjs';

/** Each program and the skill that ships it; the platform team's admin program ships with none. */
export const programs = [
  { name: 'verifier', skill: 'partager-contexte' },
  { name: 'lire', skill: 'reprendre-contexte' },
  { name: 'publier', skill: 'publier-contexte' },
  { name: 'recuperer', skill: 'recuperer-contexte' },
];

/**
 * Start-up time is most of what a user waits for (the agent runs one program per
 * call). ioredis and its dependencies require `tls`, `dns` and `assert` when they
 * load, though a plain connection uses none of them: in code from node_modules,
 * these are replaced by stand-ins that load the real module at the first call.
 * Every property ioredis uses from them is a function, which the stand-in wraps.
 * (Not in our own code: esbuild's ESM interop enumerates a module's properties.)
 * `debug` is replaced by a silent stand-in (see scripts-src/shims/no-debug.cjs).
 */
const LAZY_BUILTINS = ['tls', 'dns', 'assert'];
const startupPlugin = {
  name: 'start-up',
  setup(build) {
    build.onResolve({ filter: /^debug$/ }, () => ({ path: new URL('./scripts-src/shims/no-debug.cjs', import.meta.url).pathname }));
    build.onResolve({ filter: new RegExp(`^(${LAZY_BUILTINS.join('|')})$`) }, ({ path, importer }) =>
      importer.includes('/node_modules/') ? { path, namespace: 'lazy-builtin' } : undefined,
    );
    // After a large reply, redis-parser shrinks its buffer pool on a 50 ms interval that
    // is not unref'd: a program that fetched a 20 MB export would wait seconds to exit.
    build.onLoad({ filter: /redis-parser[\\/]lib[\\/]parser\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const patched = source.replace('interval = setInterval(decreaseBufferPool, 50)', 'interval = setInterval(decreaseBufferPool, 50); interval.unref()');
      if (patched === source) throw new Error('redis-parser changed: review the interval patch in build.mjs');
      return { contents: patched, loader: 'js' };
    });
    // ioredis adds its ~490 command methods one by one to Commander.prototype, an object V8 already
    // treats as a prototype: each addition copies the growing property list (~17 ms of every program
    // that talks to Redis). The same methods, put on a plain object that then becomes
    // Commander.prototype's own prototype, take under 1 ms and are inherited by Redis, Cluster and
    // Pipeline alike; what ioredis sets on Commander.prototype afterwards (call, callBuffer) stays its own.
    build.onLoad({ filter: /ioredis[\\/]built[\\/]utils[\\/]Commander\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const loop =
        /commands\.forEach\(function \(commandName\) \{\n\s*Commander\.prototype\[commandName\] = (.*);\n\s*Commander\.prototype\[commandName \+ "Buffer"\] = (.*);\n\}\);/;
      if (!loop.test(source)) throw new Error('ioredis changed: review the Commander patch in build.mjs');
      const patched = source.replace(
        loop,
        (_, plain, buffer) =>
          `const commandMethods = {};\ncommands.forEach(function (commandName) {\n    commandMethods[commandName] = ${plain};\n    commandMethods[commandName + "Buffer"] = ${buffer};\n});\nObject.setPrototypeOf(Commander.prototype, commandMethods);`,
      );
      return { contents: patched, loader: 'js' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, ({ path }) => ({
      contents: `let real;
const load = () => (real ??= require('node:${path}'));
module.exports = new Proxy(function () {}, {
  apply: (_, self, args) => load().apply(self, args),
  get: (_, key) => (key === '__esModule' ? false : (...args) => load()[key](...args)),
});`,
      loader: 'js',
    }));
  },
};

const { version } = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));

// The phrase sets the guards build while they load, built once here and written into every bundle.
const phraseTables = await phraseTablesPlugin(version);
await rm('dist', { recursive: true, force: true });
for (const skill of await readdir('skills')) await rm(`skills/${skill}/scripts`, { recursive: true, force: true });
/** The programs that ship with no skill: the platform team's admin, and the installer (the package's bin). */
const tools = [{ name: 'admin' }, { name: 'contexte-skills' }];
const outfile = ({ name, skill }) => (skill ? `skills/${skill}/scripts/${name}.js` : `dist/${name}.js`);
await Promise.all(
  [...programs, ...tools].map(async (program) => {
    const result = await build({
      entryPoints: [`scripts-src/programs/${program.name}.ts`],
      bundle: true,
      write: false,
      platform: 'node',
      target: 'node18',
      define: { CONTEXTE_VERSION: JSON.stringify(version) },
      // CommonJS: ioredis requires Node built-ins dynamically, which an ESM bundle cannot do.
      format: 'cjs',
      minify: true,
      legalComments: 'eof',
      plugins: [startupPlugin, phraseTables],
      logLevel: 'warning',
    });
    const file = outfile(program);
    await mkdir(file.slice(0, file.lastIndexOf('/')), { recursive: true });
    await writeFile(file, wrapProgram(result.outputFiles[0].text, program.name));
  }),
);
// The OpenCode plugin is an ES module that OpenCode imports: `.mjs`, whatever dist/package.json says.
await build({
  entryPoints: ['scripts-src/plugin/opencode-plugin.ts'],
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'esm',
  outfile: 'dist/opencode-plugin.mjs',
  logLevel: 'warning',
});
// The nearest package.json decides how Node reads a .js file; a project with
// "type": "module" would otherwise make our CommonJS bundles fail.
for (const skill of new Set(programs.map(({ skill }) => skill))) {
  await writeFile(`skills/${skill}/scripts/package.json`, '{ "type": "commonjs" }\n');
}
await Promise.all([...programs, ...tools].map((program) => chmod(outfile(program), 0o755)));
// dist/admin.js and dist/contexte-skills.js sit beside no package.json of ours: give dist/ one, for the same reason.
await writeFile('dist/package.json', '{ "type": "commonjs" }\n');
