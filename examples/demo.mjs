// The whole flow on the embedded default mailbox (a local folder), no Redis
// needed: check the example note, publish it, list the team, fetch it into a
// temporary folder as a teammate would, then clean up. Each step prints the
// command and what the user would see.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pack = join(root, 'skills');
const note = join(root, 'examples', 'CONTEXTE-2026-12-02-alice.md');
const programs = {
  verifier: join(pack, 'partager-contexte', 'scripts', 'verifier.js'),
  publier: join(pack, 'publier-contexte', 'scripts', 'publier.js'),
  recuperer: join(pack, 'recuperer-contexte', 'scripts', 'recuperer.js'),
};

// The folder mailbox is the default only when no Redis is configured.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(REDIS_|REDISCLI_AUTH$)/.test(name)));

function step(title, program, args, options = {}) {
  const path = options.cwd ? programs[program] : relative(root, programs[program]);
  const shown = [`node ${path}`, ...args.map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg))].join(' ');
  console.log(`\n== ${title}\n$ ${shown}`);
  const result = spawnSync(process.execPath, [programs[program], ...args], { cwd: options.cwd ?? root, env, encoding: 'utf8' });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  if (result.status !== 0) {
    console.error(`\nÉtape en échec (code ${result.status}).`);
    process.exit(1);
  }
  return result.stdout;
}

// Alice's project, as the installer leaves it: OpenCode's session sharing disabled (publier would warn otherwise).
const project = mkdtempSync(join(tmpdir(), 'contexte-demo-alice-'));
writeFileSync(join(project, 'opencode.json'), `${JSON.stringify({ $schema: 'https://opencode.ai/config.json', share: 'disabled' }, null, 2)}\n`);
const teammate = mkdtempSync(join(tmpdir(), 'contexte-demo-'));
try {
  step('1. partager : vérifier la note avant de la partager', 'verifier', [relative(root, note)]);
  const publication = step(
    `2. publier : depuis le projet d’alice (${project}), déposer la note dans la boîte (un dossier local par défaut)`,
    'publier',
    [note, 'demo', 'alice'],
    {
      cwd: project,
    },
  );
  const key = /^Publié : (\S+)/m.exec(publication)[1];
  const mailbox = /^Boîte : (.*?) ;/m.exec(publication)[1];
  step('3. récupérer : lister les notes de l’équipe', 'recuperer', ['list', '--equipe', 'demo']);
  step(`4. récupérer : le binôme la récupère dans son projet (${teammate}) et la lit comme une donnée`, 'recuperer', ['get', key, '--cadre'], {
    cwd: teammate,
  });
  step('5. nettoyer : retirer la note publiée', 'recuperer', ['supprimer', key]);
  console.log(`\nDémo terminée : boîte « ${mailbox} ». La reprise (skill reprendre-contexte) se fait ensuite dans OpenCode.`);
} finally {
  rmSync(teammate, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
}
