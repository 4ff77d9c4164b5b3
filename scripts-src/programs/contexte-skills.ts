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
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Program, runProgram } from '../lib/cli/run.js';
import { fail } from '../lib/messages/failure.js';
import { HANDOFF_EXCLUDES, PACK_SKILLS, parseOpenCodeConfig, SHARE_DISABLED } from '../lib/project-safety.js';
import { installerCommandLine } from './command-lines/contexte-skills.js';

/** What earlier versions wrote to .git/info/exclude, unanchored: replaced by the anchored patterns. */
const OLD_EXCLUDES = ['CONTEXTE-*.md', 'partage/', 'session-*.json'];
/** The skill folders of this package, beside dist/ where this program is built. */
const SOURCE = join(__dirname, '..', 'skills');

const AGENTS = {
  opencode: {
    name: 'OpenCode',
    project: join('.opencode', 'skills'),
    global: (env: NodeJS.ProcessEnv) => join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'opencode', 'skills'),
  },
  claude: { name: 'Claude Code', project: join('.claude', 'skills'), global: (env: NodeJS.ProcessEnv) => join(home(env), '.claude', 'skills') },
} as const;
type Agent = keyof typeof AGENTS;
const home = (env: NodeJS.ProcessEnv) => env.HOME || homedir();

const program: Program = {
  commandLine: installerCommandLine,
  async main({ positionals, values }, env) {
    const agent = (values.agent ?? 'opencode') as Agent;
    if (!(agent in AGENTS)) throw fail('agent-inconnu', { agent: String(values.agent) });
    if (values.global && positionals.length > 0) throw fail('global-et-repertoire');
    let project: string | undefined;
    if (!values.global) {
      project = resolve(positionals[0] ?? '.');
      if (!isDirectory(project)) throw fail('projet-introuvable', { path: positionals[0] ?? '.' });
    }
    const target = project === undefined ? AGENTS[agent].global(env) : join(project, AGENTS[agent].project);
    if (values.uninstall) return uninstall(target);
    await install(target);
    if (project === undefined) {
      if (agent === 'opencode') say('Installation globale : pensez à régler "share": "disabled" dans la configuration de chaque projet.');
      return;
    }
    const shareDisabled = agent === 'opencode' ? await disableSharing(project) : true;
    await excludeHandoffFiles(project);
    say(`Terminé : relancez ${AGENTS[agent].name} dans le projet pour qu'il voie les skills.`);
    if (!shareDisabled) throw fail('partage-non-desactive', { project, line: SHARE_DISABLED });
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
  for (const skill of PACK_SKILLS) {
    const path = join(target, skill);
    if (
      await lstat(path).then(
        () => true,
        () => false,
      )
    ) {
      await rm(path, { recursive: true, force: true });
      say(`Retiré : ${path}`);
      removed++;
    }
  }
  if (removed === 0) say(`Rien à retirer dans ${target}.`);
  // The skills folder and its parent (.opencode, .claude) go too when nothing else is left in them.
  for (const folder of [target, dirname(target)]) {
    if ((await readdir(folder).catch(() => ['?'])).length > 0) break;
    await rmdir(folder);
    say(`Retiré (vide) : ${folder}`);
  }
  say('opencode.json et .git/info/exclude sont laissés tels quels.');
}

/** Each skill is copied whole into a hidden staging folder, then renamed into place. */
async function install(target: string): Promise<void> {
  for (const skill of PACK_SKILLS) {
    if (!existsSync(join(SOURCE, skill, 'SKILL.md'))) throw fail('pack-incomplet', { path: join(SOURCE, skill, 'SKILL.md') });
  }
  try {
    await mkdir(target, { recursive: true });
    for (const skill of PACK_SKILLS) {
      const staging = await mkdtemp(join(target, `.${skill}.`));
      await cp(join(SOURCE, skill), staging, { recursive: true });
      await chmod(staging, 0o755);
      const existed = existsSync(join(target, skill));
      if (existed) await rm(join(target, skill), { recursive: true, force: true });
      await rename(staging, join(target, skill));
      say(`${existed ? 'Mis à jour' : 'Installé'} : ${join(target, skill)}`);
    }
  } catch (error) {
    throw fail('installation-impossible', { path: target, code: (error as { code?: string }).code ?? 'erreur inconnue' });
  }
}

/** "share": "disabled" keeps sessions from being published to the vendor's service. True when it is set. */
async function disableSharing(project: string): Promise<boolean> {
  const file = join(project, 'opencode.json');
  const jsonc = join(project, 'opencode.jsonc');
  if (existsSync(jsonc) && !existsSync(file)) {
    // Comments would be lost in a rewrite: read it, never write it.
    if (parseOpenCodeConfig(await readFile(jsonc, 'utf8'))?.share === 'disabled') {
      say('opencode.jsonc : "share" est déjà "disabled".');
      return true;
    }
    say(`opencode.jsonc n'est pas réécrit (ses commentaires seraient perdus) : ajoutez-y ${SHARE_DISABLED} à la main.`);
    return false;
  }
  let config: Record<string, unknown> = { $schema: 'https://opencode.ai/config.json' };
  const existed = existsSync(file);
  if (existed) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      say(`opencode.json n'est pas du JSON valide : il n'est pas modifié ; corrigez-le et ajoutez-y ${SHARE_DISABLED}.`);
      return false;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      say(`opencode.json ne contient pas un objet : il n'est pas modifié ; ajoutez-y ${SHARE_DISABLED}.`);
      return false;
    }
    config = parsed as Record<string, unknown>;
  }
  const before = config.share;
  if (before === 'disabled') {
    say('opencode.json : "share" est déjà "disabled".');
    return true;
  }
  config.share = 'disabled';
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`);
  await rename(temporary, file);
  if (!existed) say(`opencode.json : créé avec ${SHARE_DISABLED}.`);
  else if (before === undefined) say(`opencode.json : ${SHARE_DISABLED} ajouté.`);
  else say(`opencode.json : "share" ${JSON.stringify(before)} remplacé par "disabled".`);
  return true;
}

/** Handoff files stay out of commits unless someone decides otherwise; the patterns are anchored at the project's root. */
async function excludeHandoffFiles(project: string): Promise<void> {
  let exclude: string;
  try {
    exclude = execFileSync('git', ['-C', project, 'rev-parse', '--path-format=absolute', '--git-path', 'info/exclude'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return; // not a git project, or no git
  }
  await mkdir(dirname(exclude), { recursive: true });
  const before = existsSync(exclude) ? (await readFile(exclude, 'utf8')).split('\n') : [];
  if (before.at(-1) === '') before.pop();
  const replaced = before.filter((line) => OLD_EXCLUDES.includes(line));
  const kept = before.filter((line) => !OLD_EXCLUDES.includes(line));
  const added = HANDOFF_EXCLUDES.filter((pattern) => !kept.includes(pattern));
  if (added.length === 0 && replaced.length === 0) {
    say('.git/info/exclude : déjà à jour.');
    return;
  }
  await writeFile(exclude, `${[...kept, ...added].join('\n')}\n`);
  if (replaced.length > 0) say(`.git/info/exclude : ${replaced.join(' ')} remplacé(s) par ${HANDOFF_EXCLUDES.join(' ')} (ancrés à la racine)`);
  else say(`.git/info/exclude : ajouté ${added.join(' ')}`);
}

void runProgram(program);
