// Builds the ready pack: dist/skills/<skill>/SKILL.md plus one standalone bundle
// per program in dist/skills/<skill>/scripts/. The output is committed, so it must
// be deterministic: CI rebuilds and fails when dist/ differs.
import { build } from 'esbuild';
import { chmod, cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';

/** Each program and the skill that ships it. */
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
await Promise.all(
  programs.map(({ name, skill }) =>
    build({
      entryPoints: [`scripts-src/programs/${name}.ts`],
      outfile: `dist/skills/${skill}/scripts/${name}.js`,
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
await Promise.all(programs.map(({ name, skill }) => chmod(`dist/skills/${skill}/scripts/${name}.js`, 0o755)));
