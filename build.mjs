// Builds the ready pack: dist/skills/<skill>/SKILL.md plus one standalone bundle
// per program in dist/skills/<skill>/scripts/. The output is committed, so it must
// be deterministic: CI rebuilds and fails when dist/ differs.
import { build } from 'esbuild';
import { chmod, cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';

/** Each program and the skill that ships it; the platform team's admin program ships with none. */
export const programs = [
  { name: 'verifier', skill: 'partager-contexte' },
  { name: 'lire', skill: 'reprendre-contexte' },
  { name: 'publier', skill: 'publier-contexte' },
  { name: 'recuperer', skill: 'recuperer-contexte' },
];

await rm('dist', { recursive: true, force: true });
for (const skill of await readdir('skills')) {
  await mkdir(`dist/skills/${skill}`, { recursive: true });
  await cp(`skills/${skill}`, `dist/skills/${skill}`, { recursive: true });
}
const outfile = ({ name, skill }) => (skill ? `dist/skills/${skill}/scripts/${name}.js` : `dist/${name}.js`);
await Promise.all(
  [...programs, { name: 'admin' }].map((program) =>
    build({
      entryPoints: [`scripts-src/programs/${program.name}.ts`],
      outfile: outfile(program),
      bundle: true,
      platform: 'node',
      target: 'node18',
      // CommonJS: ioredis requires Node built-ins dynamically, which an ESM bundle cannot do.
      format: 'cjs',
      minify: true,
      legalComments: 'eof',
      banner: { js: '#!/usr/bin/env node' },
      logLevel: 'warning',
    }),
  ),
);
// The nearest package.json decides how Node reads a .js file; a project with
// "type": "module" would otherwise make our CommonJS bundles fail.
for (const skill of new Set(programs.map(({ skill }) => skill))) {
  await writeFile(`dist/skills/${skill}/scripts/package.json`, '{ "type": "commonjs" }\n');
}
await Promise.all([...programs, { name: 'admin' }].map((program) => chmod(outfile(program), 0o755)));
// dist/admin.js sits beside no package.json of ours: give dist/ one, for the same reason.
await writeFile('dist/package.json', '{ "type": "commonjs" }\n');
