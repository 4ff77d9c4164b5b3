/**
 * The installer: `npx contexte-skills [répertoire] [--global] [--uninstall]
 * [--agent opencode|claude]`, and `./install.sh` in a clone (which checks Node,
 * then runs this). Copies the four skill folders, whole (SKILL.md and their
 * programs), into the agent's skills folder; for OpenCode, sets
 * "share": "disabled" in the project's opencode.json; in a git project, keeps
 * handoff files out of commits through .git/info/exclude.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile, appendFile, chmod, lstat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseCommandLine, runProgram, type Program } from '../lib/cli.js';
import { CliError, UsageError } from '../lib/errors.js';
import type { ExitCode } from '../lib/exit-code.js';

const SKILLS = ['partager-contexte', 'reprendre-contexte', 'publier-contexte', 'recuperer-contexte'];
const EXCLUDES = ['CONTEXTE-*.md', 'partage/', 'session-*.json'];
/** The skill folders of this package, beside dist/ where this program is built. */
const SOURCE = join(__dirname, '..', 'skills');
const FAILED = 1 as ExitCode;

const AGENTS = {
  opencode: { name: 'OpenCode', project: join('.opencode', 'skills'), global: (env: NodeJS.ProcessEnv) => join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'opencode', 'skills') },
  claude: { name: 'Claude Code', project: join('.claude', 'skills'), global: (env: NodeJS.ProcessEnv) => join(home(env), '.claude', 'skills') },
} as const;
type Agent = keyof typeof AGENTS;
const home = (env: NodeJS.ProcessEnv) => env.HOME || homedir();

const HELP = `Usage : npx contexte-skills [options] [répertoire-du-projet]
        ./install.sh [options] [répertoire-du-projet]   (depuis un clone du dépôt)

Copie les quatre skills (partager-contexte, reprendre-contexte, publier-contexte,
recuperer-contexte), chacun avec ses programmes, dans <projet>/.opencode/skills/
(défaut : le dossier courant). Dans le projet, règle "share": "disabled" dans
opencode.json et, si c'est un dépôt git, ajoute CONTEXTE-*.md, partage/ et
session-*.json à .git/info/exclude. Relancer l'installation met les skills à
jour ; rien d'autre n'est modifié.

Options :
  --global          installe dans ~/.config/opencode/skills/ (tous les projets)
  --agent <agent>   opencode (défaut) ou claude : .claude/skills/ du projet
                    (--global : ~/.claude/skills/). Codex et Gemini CLI lisent
                    .agents/skills/ : npx skills add <dépôt> -a codex
  --uninstall       retire exactement ces quatre skills (projet ou --global)
  -h, --help        affiche cette aide

Codes de sortie : 0 succès, 1 échec (node absent ou trop ancien, écriture
impossible), 2 erreur d'utilisation.
`;

const program: Program = {
  name: 'contexte-skills',
  help: HELP,
  async main(argv, env) {
    const { values, positionals } = parseCommandLine(argv, {
      global: { type: 'boolean' },
      uninstall: { type: 'boolean' },
      agent: { type: 'string' },
    });
    if (positionals.length > 1) throw new UsageError('un seul répertoire de projet est attendu (voir --help)');
    const agent = (values.agent ?? 'opencode') as Agent;
    if (!(agent in AGENTS)) throw new UsageError(`agent inconnu : ${values.agent} (opencode ou claude)`, 'Voir --help.');
    if (values.global && positionals.length > 0) throw new UsageError('--global ne prend pas de répertoire de projet');
    let project: string | undefined;
    if (!values.global) {
      project = resolve(positionals[0] ?? '.');
      if (!isDirectory(project)) throw new UsageError(`répertoire de projet introuvable : ${positionals[0] ?? '.'}`);
    }
    const target = project === undefined ? AGENTS[agent].global(env) : join(project, AGENTS[agent].project);
    if (values.uninstall) return uninstall(target);
    await install(target);
    if (project === undefined) {
      if (agent === 'opencode') say('Installation globale : pensez à régler "share": "disabled" dans la configuration de chaque projet.');
      return;
    }
    if (agent === 'opencode') await disableSharing(project);
    await excludeHandoffFiles(project);
    say(`Terminé : relancez ${AGENTS[agent].name} dans le projet pour qu'il voie les skills.`);
  },
};

const say = (line: string) => process.stdout.write(`${line}\n`);

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function uninstall(target: string): Promise<void> {
  let removed = 0;
  for (const skill of SKILLS) {
    const path = join(target, skill);
    if (await lstat(path).then(() => true, () => false)) {
      await rm(path, { recursive: true, force: true });
      say(`Retiré : ${path}`);
      removed++;
    }
  }
  if (removed === 0) say(`Rien à retirer dans ${target}.`);
  say('opencode.json et .git/info/exclude sont laissés tels quels.');
}

/** Each skill is copied whole into a hidden staging folder, then renamed into place. */
async function install(target: string): Promise<void> {
  for (const skill of SKILLS) {
    if (!existsSync(join(SOURCE, skill, 'SKILL.md'))) throw new CliError(`pack incomplet : ${join(SOURCE, skill, 'SKILL.md')} manque (lancez npm run build)`, FAILED);
  }
  try {
    await mkdir(target, { recursive: true });
    for (const skill of SKILLS) {
      const staging = await mkdtemp(join(target, `.${skill}.`));
      await cp(join(SOURCE, skill), staging, { recursive: true });
      await chmod(staging, 0o755);
      const existed = existsSync(join(target, skill));
      if (existed) await rm(join(target, skill), { recursive: true, force: true });
      await rename(staging, join(target, skill));
      say(`${existed ? 'Mis à jour' : 'Installé'} : ${join(target, skill)}`);
    }
  } catch (error) {
    throw new CliError(`impossible d'écrire dans ${target} (${(error as { code?: string }).code ?? 'erreur'})`, FAILED, 'Vérifiez les droits de ce dossier.');
  }
}

/** "share": "disabled" keeps sessions from being published to the vendor's service. */
async function disableSharing(project: string): Promise<void> {
  const file = join(project, 'opencode.json');
  if (existsSync(join(project, 'opencode.jsonc')) && !existsSync(file)) {
    say('opencode.jsonc n\'est pas réécrit : ajoutez-y "share": "disabled" à la main.');
    return;
  }
  let config: Record<string, unknown> = { $schema: 'https://opencode.ai/config.json' };
  const existed = existsSync(file);
  if (existed) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      say('opencode.json n\'est pas du JSON valide : il n\'est pas modifié ; ajoutez-y "share": "disabled".');
      return;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      say('opencode.json ne contient pas un objet : il n\'est pas modifié ; ajoutez-y "share": "disabled".');
      return;
    }
    config = parsed as Record<string, unknown>;
  }
  if (config.share === 'disabled') {
    say('opencode.json : "share" est déjà "disabled".');
    return;
  }
  config.share = 'disabled';
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`);
  await rename(temporary, file);
  say(`opencode.json : "share": "disabled" ${existed ? 'ajouté' : 'créé'}.`);
}

/** Handoff files stay out of commits unless someone decides otherwise. */
async function excludeHandoffFiles(project: string): Promise<void> {
  let exclude: string;
  try {
    exclude = execFileSync('git', ['-C', project, 'rev-parse', '--path-format=absolute', '--git-path', 'info/exclude'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return; // not a git project, or no git
  }
  await mkdir(dirname(exclude), { recursive: true });
  const lines = existsSync(exclude) ? (await readFile(exclude, 'utf8')).split('\n') : [];
  const added = EXCLUDES.filter((pattern) => !lines.includes(pattern));
  if (added.length === 0) {
    say('.git/info/exclude : déjà à jour.');
    return;
  }
  const text = lines.length > 0 && lines.at(-1) !== '' ? `\n${added.join('\n')}\n` : `${added.join('\n')}\n`;
  await appendFile(exclude, text);
  say(`.git/info/exclude : ajouté ${added.join(' ')}`);
}

void runProgram(program);
