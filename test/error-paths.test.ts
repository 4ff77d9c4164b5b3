/**
 * Every error of the message catalogue, reached through the real bundles: its
 * exit code, its one-line message and its advice, the same on standard error
 * and in --json, and the invariants every message keeps (a verb or « : », an
 * advice, no English code, no password or URL value). The catalogue cannot grow
 * a reason that no scenario here (or one named test elsewhere) reaches.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../scripts-src/lib/cli/environment.js';
import { candidateStamp, minuteStamp } from '../scripts-src/lib/mailbox/keys.js';
import { CATALOGUE, type Reason } from '../scripts-src/lib/messages/catalogue.js';
import { newRepo, noteAbout } from './helpers/git-repo.js';
import { handoffNote } from './helpers/notes.js';
import { freePort, type RedisServer, randomPassword, startRedis } from './helpers/redis-server.js';
import { allProgramPaths, runScript } from './helpers/run-program.js';

/** Reasons reached only with a broken machine or server: where each is tested instead, or why it is not. */
const REACHED_ELSEWHERE = {
  'boite-muette': 'test/faults.test.ts (server frozen with SIGSTOP)',
  'boite-memoire-pleine': 'test/faults.test.ts (maxmemory noeviction)',
  'boite-trop-de-clients': 'test/faults.test.ts (maxclients reached)',
  'boite-lecture-seule': 'test/faults.test.ts (read-only replica)',
  'boite-indisponible': 'test/faults.test.ts (Cluster with a master stopped)',
  'boite-tls': 'test/tls.test.ts (untrusted certificate)',
  'boite-dossier-droits': 'test/teammates/folder-teammates.test.ts (two Unix users, run as root)',
  'boite-partagee-droits': 'test/teammates/folder-teammates.test.ts (two Unix users, run as root)',
  'dossier-auteur-d-un-autre': 'test/teammates/folder-teammates.test.ts (two Unix users, run as root)',
  'boite-equipe-non-protegee': 'test/teammates/folder-teammates.test.ts (two Unix users, run as root)',
  'sceller-pas-proprietaire': 'test/teammates/folder-teammates.test.ts (two Unix users, run as root)',
  'boite-mauvais-groupe': 'test/teammates/own-groups.test.ts (accounts with their own primary group, run as root)',
  'boite-groupe-non-membre': 'test/teammates/own-groups.test.ts (accounts with their own primary group, run as root)',
  'boite-impossible-de-creer': 'test/teammates/own-groups.test.ts (accounts with their own primary group, run as root)',
  horloge: 'test/contract/mailbox-contract.ts (a clock outside the keys’ years, in-process)',
  'boite-injoignable': 'not reproduced: needs a network without a route (EHOSTUNREACH)',
  'boite-disque-plein': 'not reproduced: needs a full file system (ENOSPC)',
  'erreur-interne': 'not reproduced: a bug; its message has no parameter',
} satisfies Partial<Record<Reason, string>>;

let dir: string;
let redis: RedisServer;
let notRedis: Server;
let notRedisPort: number;
let closedPort: number;
const bystander = randomPassword();
const reader = randomPassword();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contexte-erreurs-'));
  redis = await startRedis();
  await redis.admin.call('ACL', 'SETUSER', 'personne', 'on', `>${bystander}`, 'resetkeys', '-@all', '+@connection');
  // A service that answers, but not as Redis (an HTTP server on the port).
  notRedis = createServer((socket) => {
    socket.on('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => notRedis.listen(0, '127.0.0.1', resolve));
  notRedisPort = (notRedis.address() as { port: number }).port;
  closedPort = await freePort();
});
afterAll(async () => {
  notRedis?.close();
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

type Program = 'verifier' | 'publier' | 'recuperer' | 'lire' | 'admin' | 'contexte-skills';
interface Scenario {
  program: Program;
  args: string[];
  env?: () => Record<string, string>;
  /** Prepares files (and Redis keys); returns the arguments that come first (a file to read, a subcommand). */
  setup?: (folder: string) => Promise<string[] | undefined>;
  /** Another copy of the program than the repository's. */
  script?: (folder: string) => string;
  /** The program has no --json for this command: the reason is recognised by its message. */
  text?: RegExp;
}

const path = (program: Program) => allProgramPaths[program];
const asPersonne = () => ({ ...redis.env, REDIS_USERNAME: 'personne', REDISCLI_AUTH: bystander });
const note = async (folder: string, content = handoffNote()) => {
  await writeFile(join(folder, 'note.md'), content);
  return [join(folder, 'note.md')];
};
const KEY = 'contexte:catalogue:alice:20261202-1412';
/** An identity made for alice and registered for `team` on Redis, as admin membre does. */
const registerAlice = async (team: string) => {
  const made = execFileSync(process.execPath, [path('publier'), 'identite', '--json'], { env: { XDG_CONFIG_HOME: join(dir, 'xdg-alice') } });
  await redis.admin.hset(`contexte-identites:{${team}}`, 'alice', (JSON.parse(made.toString()) as { identite: string }).identite);
};
/** A reader's file of known fingerprints, as pinning writes it (0600 in a 0700 folder) unless `mode` says otherwise. */
const writePins = async (config: string, content: string, mode = 0o600) => {
  await mkdir(join(config, 'contexte-skills'), { recursive: true, mode: 0o700 });
  await writeFile(join(config, 'contexte-skills', 'connus'), content);
  await chmod(join(config, 'contexte-skills', 'connus'), mode);
};

const SCENARIOS: Record<Exclude<Reason, keyof typeof REACHED_ELSEWHERE>, Scenario> = {
  'commande-manquante': { program: 'recuperer', args: ['--json'] },
  'commande-inconnue': { program: 'recuperer', args: ['effacer', '--json'] },
  'option-inconnue': { program: 'verifier', args: ['--nope', '--json', 'a.md'] },
  'valeur-manquante': { program: 'publier', args: ['n.md', 'e', '--json', '--ttl'] },
  'option-sans-objet': { program: 'recuperer', args: ['get', KEY, '--equipe', 'x', '--json'] },
  'argument-manquant': { program: 'lire', args: ['--json'] },
  'trop-d-arguments': { program: 'admin', args: ['revoquer', 'a', 'b', '--json'] },
  'option-manquante': { program: 'recuperer', args: ['journal', '--json'] },
  'fichier-introuvable': { program: 'verifier', args: ['absent.md', '--json'] },
  'fichier-dossier': { program: 'lire', args: ['--json'], setup: async (folder) => [folder] },
  'fichier-special': {
    program: 'lire',
    args: ['--json'],
    // A named pipe: reading it would wait for a writer forever.
    setup: async (folder) => {
      execFileSync('mkfifo', [join(folder, 'tube.md')]);
      return [join(folder, 'tube.md')];
    },
  },
  'fichier-vide': {
    program: 'verifier',
    args: ['--json'],
    setup: async (folder) => {
      await writeFile(join(folder, 'vide.md'), '');
      return [join(folder, 'vide.md')];
    },
  },
  'fichier-trop-gros': {
    program: 'lire',
    args: ['--json'],
    setup: async (folder) => {
      await writeFile(join(folder, 'gros.md'), Buffer.alloc(1024 * 1024 + 1, 'a'));
      return [join(folder, 'gros.md')];
    },
  },
  'fichier-illisible': {
    program: 'verifier',
    args: ['--json'],
    // A file that cannot be opened as a file: a socket's path (ENXIO), whatever the user (root reads any mode).
    setup: async (folder) => {
      const socketPath = join(folder, 'prise');
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
      server.unref();
      return [socketPath];
    },
  },
  'fichier-existe': {
    program: 'recuperer',
    args: ['--json'],
    env: () => redis.env,
    setup: async (folder) => {
      await redis.admin.set(KEY, handoffNote(), 'EX', 600);
      await writeFile(join(folder, 'deja.md'), 'x');
      return ['get', KEY, join(folder, 'deja.md')];
    },
  },
  'ecriture-impossible': {
    program: 'recuperer',
    args: ['--json'],
    env: () => redis.env,
    setup: async (folder) => {
      await redis.admin.set(KEY, handoffNote(), 'EX', 600);
      await writeFile(join(folder, 'fichier'), 'x');
      return ['get', KEY, join(folder, 'fichier', 'dessous.md')];
    },
  },
  'sortie-hors-dossier-courant': {
    program: 'recuperer',
    args: ['get', KEY, '--json'],
    env: () => redis.env,
    setup: async (folder) => {
      await redis.admin.set(KEY, handoffNote(), 'EX', 600);
      await symlink(tmpdir(), join(folder, 'partage'));
      return undefined;
    },
  },
  'partage-non-sur': {
    program: 'recuperer',
    args: ['get', KEY, '--json'],
    env: () => redis.env,
    setup: async (folder) => {
      await redis.admin.set(KEY, handoffNote(), 'EX', 600);
      await mkdir(join(folder, 'partage'));
      await chmod(join(folder, 'partage'), 0o777);
      return undefined;
    },
  },
  'nom-invalide': { program: 'recuperer', args: ['list', '--equipe', 'cata*', '--json'] },
  'nom-reserve': { program: 'recuperer', args: ['list', '--equipe', 'resume-x', '--json'] },
  'cle-invalide': { program: 'recuperer', args: ['get', 'contexte:*', '--json'] },
  'ttl-invalide': { program: 'publier', args: ['catalogue', 'alice', '--ttl', 'bientôt', '--json'], setup: note },
  'ttl-trop-long': { program: 'publier', args: ['catalogue', 'alice', '--ttl', '30j', '--json'], setup: note },
  'duree-invalide': { program: 'recuperer', args: ['journal', '--equipe', 'e', '--depuis', 'hier', '--json'] },
  'reglage-invalide': { program: 'recuperer', args: ['list', '--equipe', 'e', '--json'], env: () => ({ CONTEXTE_TTL_MAX: 'une semaine' }) },
  'reglage-secret-invalide': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ REDIS_URL: `redis://alice:${redis.password}%zz@hote:6379` }),
  },
  'redis-non-configure': { program: 'admin', args: ['revoquer', 'bob', '--appliquer', '--json'] },
  'ca-illisible': { program: 'recuperer', args: ['list', '--equipe', 'e', '--json'], env: () => ({ ...redis.env, REDIS_TLS_CA: '/absent/ca.pem' }) },
  'boite-connexion-refusee': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(closedPort), REDISCLI_AUTH: redis.password }),
  },
  'boite-hote-inconnu': { program: 'recuperer', args: ['list', '--equipe', 'e', '--json'], env: () => ({ REDIS_HOST: 'hote-absent.invalid' }) },
  'boite-mot-de-passe-requis': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port) }),
  },
  'boite-authentification': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ ...redis.env, REDISCLI_AUTH: `${redis.password}-faux` }),
  },
  'boite-droits': { program: 'admin', args: ['revoquer', 'bob', '--appliquer', '--json'], env: asPersonne },
  'boite-pas-redis': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(notRedisPort), REDISCLI_AUTH: redis.password }),
  },
  'boite-cle-libre': {
    program: 'publier',
    args: ['plein', 'alice', '--json'],
    env: () => redis.env,
    // Every stamp of this minute and the next is taken: publier tries 1,000 and gives up.
    setup: async (folder) => {
      const pipeline = redis.admin.pipeline();
      for (const offset of [0, 60_000]) {
        const minute = minuteStamp(new Date(Date.now() + offset));
        for (let attempt = 1; attempt <= 1000; attempt++) pipeline.set(`contexte:plein:alice:${candidateStamp(minute, attempt)}`, 'x', 'EX', 300);
      }
      await pipeline.exec();
      return note(folder, handoffNote({ equipe: 'plein' }));
    },
  },
  'boite-chemin-refuse': {
    program: 'publier',
    args: ['catalogue', 'alice', '--json'],
    env: () => ({ CONTEXTE_DIR: join(dir, 'boite-piegee') }),
    setup: async (folder) => {
      await mkdir(join(dir, 'boite-piegee'), { recursive: true, mode: 0o700 });
      await symlink(tmpdir(), join(dir, 'boite-piegee', 'catalogue'));
      return note(folder);
    },
  },
  'boite-pas-un-dossier': {
    program: 'publier',
    args: ['catalogue', 'alice', '--json'],
    env: () => ({ CONTEXTE_DIR: join(dir, 'un-fichier') }),
    setup: async (folder) => {
      await writeFile(join(dir, 'un-fichier'), 'x');
      return note(folder);
    },
  },
  'boite-dossier-illisible': {
    program: 'recuperer',
    args: ['list', '--equipe', 'e', '--json'],
    env: () => ({ CONTEXTE_DIR: join(dir, 'un-fichier-aussi', 'boite') }),
    setup: async () => {
      await writeFile(join(dir, 'un-fichier-aussi'), 'x');
      return undefined;
    },
  },
  'refus-lister-equipe': { program: 'recuperer', args: ['list', '--equipe', 'catalogue', '--json'], env: asPersonne },
  'refus-parcourir': { program: 'recuperer', args: ['list', '--json'], env: asPersonne },
  'refus-lire': { program: 'recuperer', args: ['get', KEY, '--json'], env: asPersonne },
  'refus-supprimer': { program: 'recuperer', args: ['supprimer', KEY, '--json'], env: asPersonne },
  'refus-prendre': {
    program: 'recuperer',
    args: ['prendre', KEY, '--json'],
    // A reader who may read the team (its notes, its journals) but write nothing, not even its own journal.
    env: () => ({ ...redis.env, REDIS_USERNAME: 'lecteur', REDISCLI_AUTH: reader }),
    setup: async () => {
      await redis.admin.set(KEY, handoffNote(), 'EX', 600);
      await redis.admin.call('ACL', 'SETUSER', 'lecteur', 'on', `>${reader}`, 'resetkeys', '~contexte:*', '-@all', '+@connection', '+@read');
      return undefined;
    },
  },
  'prendre-une-note': { program: 'recuperer', args: ['prendre', KEY.replace(/^contexte:/, 'session:'), '--json'] },
  'refus-purger': { program: 'recuperer', args: ['purger', '--equipe', 'catalogue', '--oui', '--json'], env: asPersonne },
  'refus-journal': { program: 'recuperer', args: ['journal', '--equipe', 'catalogue', '--json'], env: asPersonne },
  'refus-publier': { program: 'publier', args: ['catalogue', 'alice', '--json'], env: asPersonne, setup: note },
  'refus-audit': { program: 'admin', args: ['audit', '--equipe', 'catalogue', '--json'], env: asPersonne },
  'refus-serveur': { program: 'admin', args: ['serveur', '--json'], env: asPersonne },
  'cle-introuvable': { program: 'recuperer', args: ['get', 'contexte:catalogue:alice:20200101-0000', '--json'], env: () => redis.env },
  'valeur-trop-grosse': {
    program: 'recuperer',
    args: ['--json'],
    env: () => redis.env,
    // Written by hand, beyond what publier accepts: get refuses before transferring it.
    setup: async () => {
      await redis.admin.set(KEY, Buffer.alloc(1024 * 1024 + 1, 'a'), 'EX', 600);
      return ['get', KEY];
    },
  },
  'limite-invalide': { program: 'recuperer', args: ['list', '--equipe', 'e', '--limite', '0', '--json'] },
  'limite-et-tout': { program: 'recuperer', args: ['journal', '--equipe', 'e', '--limite', '5', '--tout', '--json'] },
  'cadre-et-json': { program: 'recuperer', args: ['get', KEY, '--cadre', '--json'] },
  'sortie-standard-seule': { program: 'recuperer', args: ['get', KEY, '-', '--force', '--json'] },
  'motif-et-equipe': { program: 'recuperer', args: ['list', 'contexte:*', '--equipe', 'e', '--json'] },
  'auteur-sans-equipe': { program: 'recuperer', args: ['list', '--auteur', 'alice', '--json'] },
  'attente-expiree': { program: 'recuperer', args: ['attendre', '--equipe', 'catalogue', '--delai', '1s', '--json'] },
  'delai-hors-bornes': { program: 'recuperer', args: ['attendre', '--equipe', 'catalogue', '--delai', '2j', '--json'] },
  'purge-non-confirmee': { program: 'recuperer', args: ['purger', '--equipe', 'catalogue', '--json'] },
  'auteur-manquant': { program: 'publier', args: ['catalogue', '--json'], setup: note },
  'en-tete-different': { program: 'publier', args: ['catalogue', 'bob', '--json'], setup: note },
  'auteur-default': { program: 'admin', args: ['utilisateur', 'catalogue', 'default', '--json'] },
  'mot-de-passe-court': { program: 'admin', args: ['utilisateur', 'catalogue', 'bob', '--json'], env: () => ({ CONTEXTE_MOT_DE_PASSE: 'court' }) },
  'mot-de-passe-absent': { program: 'admin', args: ['utilisateur', 'catalogue', 'bob', '--json'] },
  'utilisateur-inconnu': { program: 'admin', args: ['revoquer', 'personne-de-connu', '--appliquer', '--json'], env: () => redis.env },
  'agent-inconnu': { program: 'contexte-skills', args: ['--agent', 'vim'], text: /^l’agent « vim » est inconnu$/ },
  'global-et-repertoire': { program: 'contexte-skills', args: ['--global', '.'], text: /^--global ne prend pas de répertoire de projet$/ },
  'dossier-sans-depot': { program: 'lire', args: ['--json'], setup: (folder) => note(folder).then((args) => [...args, folder]) },
  'modifs-sans-depot': { program: 'lire', args: ['--modifs', 'm.patch', '--json'], setup: (folder) => note(folder) },
  'depot-introuvable': { program: 'lire', args: ['--depot', 'absent', '--json'], setup: (folder) => note(folder) },
  'modifs-hors-depot': { program: 'publier', args: ['catalogue', 'alice', '--modifs', '--json'], setup: (folder) => note(folder) },
  'modifs-sans-commit': {
    program: 'publier',
    args: ['catalogue', 'alice', '--modifs', '--json'],
    setup: (folder) => {
      newRepo(null, folder);
      return note(folder);
    },
  },
  'modifs-commit-different': {
    program: 'publier',
    args: ['catalogue', 'alice', '--modifs', '--json'],
    setup: (folder) => {
      newRepo({ 'a.txt': 'a\n' }, folder).write({ 'a.txt': 'b\n' });
      return note(folder);
    },
  },
  'modifs-trop-grosses': {
    program: 'publier',
    args: ['catalogue', 'alice', '--modifs', '--json'],
    setup: (folder) => {
      // Random bytes do not deflate: their binary patch is larger than the 5 MiB a work in progress may weigh.
      const repo = newRepo({ 'gros.bin': randomBytes(64).toString('hex') }, folder);
      repo.write({ 'gros.bin': randomBytes(5 * 1024 * 1024).toString('latin1') });
      return note(folder, noteAbout({ commit: repo.head() }));
    },
  },
  'modifs-git': {
    program: 'publier',
    args: ['catalogue', 'alice', '--modifs', '--json'],
    env: () => ({ PATH: join(dir, 'sans-git') }),
    setup: (folder) => note(folder),
  },
  'identite-invalide': { program: 'admin', args: ['membre', 'catalogue', 'alice', '--identite', 'contexte-id1:trop-court', '--json'] },
  'identite-dangereuse': {
    program: 'publier',
    args: ['identite', '--json'],
    env: () => ({ XDG_CONFIG_HOME: join(dir, 'xdg-ouvert') }),
    setup: async () => {
      const folder = join(dir, 'xdg-ouvert', 'contexte-skills', 'identite');
      execFileSync(process.execPath, [path('publier'), 'identite'], { env: { XDG_CONFIG_HOME: join(dir, 'xdg-ouvert') } });
      await chmod(join(folder, 'signature.pem'), 0o644);
      return [];
    },
  },
  // The workshop's REDISCLI_AUTH exported, REDIS_HOST forgotten: nothing goes to the folder box.
  'boite-dossier-absente': {
    program: 'recuperer',
    args: ['list', '--equipe', 'catalogue', '--json'],
    env: () => ({ CONTEXTE_DIR: join(dir, 'boite-mal-ecrite') }),
  },
  'redis-sans-hote': { program: 'publier', args: ['catalogue', 'alice', '--json'], env: () => ({ REDISCLI_AUTH: bystander }), setup: (folder) => note(folder) },
  'identite-redis': { program: 'publier', args: ['identite', '--equipe', 'catalogue', '--auteur', 'alice', '--json'], env: () => redis.env },
  'identite-sans-auteur': { program: 'publier', args: ['identite', '--equipe', 'catalogue', '--json'] },
  'sceller-redis': { program: 'recuperer', args: ['boite', '--sceller', '--equipe', 'catalogue', '--json'], env: () => redis.env },
  'sceller-sans-equipe': { program: 'recuperer', args: ['boite', '--sceller', '--json'] },
  'identite-absente': {
    program: 'publier',
    args: ['scellee', 'alice', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-vide') }),
    setup: async (folder) => {
      await redis.admin.set('contexte-scellee:{scellee}', '1');
      return note(folder, handoffNote({ equipe: 'scellee' }));
    },
  },
  'identite-non-enregistree': {
    program: 'publier',
    args: ['scellee', 'alice', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-lecteur') }),
    setup: async (folder) => {
      await redis.admin.set('contexte-scellee:{scellee}', '1');
      execFileSync(process.execPath, [path('publier'), 'identite'], { env: { XDG_CONFIG_HOME: join(dir, 'xdg-lecteur') } });
      return note(folder, handoffNote({ equipe: 'scellee' }));
    },
  },
  'signature-absente': {
    program: 'recuperer',
    args: ['get', 'contexte:scellee:alice:20261202-1412', '--json'],
    env: () => redis.env,
    setup: async () => {
      await redis.admin.set('contexte-scellee:{scellee}', '1');
      await redis.admin.set('contexte:scellee:alice:20261202-1412', handoffNote(), 'EX', 600);
      return [];
    },
  },
  'signature-invalide': {
    program: 'recuperer',
    args: ['get', 'contexte:scellee:alice:20261202-1413', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-lecteur') }),
    setup: async () => {
      execFileSync(process.execPath, [path('publier'), 'identite'], { env: { XDG_CONFIG_HOME: join(dir, 'xdg-lecteur') } });
      // Our envelope's magic, then bytes no author signed.
      await redis.admin.set('contexte:scellee:alice:20261202-1413', `CTXSCEL1${'x'.repeat(200)}`, 'EX', 600);
      return [];
    },
  },
  'non-destinataire': {
    program: 'recuperer',
    args: ['get', 'contexte:scellee:alice:20261202-1414', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-vide') }),
    setup: async () => {
      await redis.admin.set('contexte:scellee:alice:20261202-1414', `CTXSCEL1${'x'.repeat(200)}`, 'EX', 600);
      return [];
    },
  },
  'identite-changee': {
    program: 'recuperer',
    args: ['get', 'contexte:epingle:alice:20261202-1415', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-epingle') }),
    // This reader knew another key for alice than the one the registry gives now.
    setup: async () => {
      await registerAlice('epingle');
      await writePins(join(dir, 'xdg-epingle'), 'epingle alice 0000-0000-0000-0000-0000\n');
      await redis.admin.set('contexte:epingle:alice:20261202-1415', `CTXSCEL1${'x'.repeat(200)}`, 'EX', 600);
      return [];
    },
  },
  'empreintes-dangereuses': {
    program: 'recuperer',
    args: ['get', 'contexte:epingle:alice:20261202-1416', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-connus-ouvert') }),
    setup: async () => {
      await registerAlice('epingle');
      await writePins(join(dir, 'xdg-connus-ouvert'), '', 0o666);
      await redis.admin.set('contexte:epingle:alice:20261202-1416', `CTXSCEL1${'x'.repeat(200)}`, 'EX', 600);
      return [];
    },
  },
  'empreinte-invalide': { program: 'recuperer', args: ['confiance', 'epingle', 'alice', '--empreinte', 'pas-une-empreinte', '--json'] },
  'empreinte-differente': {
    program: 'recuperer',
    args: ['confiance', 'epingle', 'alice', '--empreinte', '0000-0000-0000-0000-0001', '--json'],
    env: () => ({ ...redis.env, XDG_CONFIG_HOME: join(dir, 'xdg-confiance') }),
    setup: async () => {
      await registerAlice('epingle');
      return [];
    },
  },
  'projet-introuvable': { program: 'contexte-skills', args: ['absent'], text: /^le répertoire de projet « absent » est introuvable$/ },
  'partage-non-desactive': {
    program: 'contexte-skills',
    args: [],
    text: /^le partage de session n’a pas pu être désactivé dans /,
    setup: async (folder) => {
      await writeFile(join(folder, 'opencode.json'), '{ pas du json');
      return [folder];
    },
  },
  'pack-incomplet': {
    program: 'contexte-skills',
    args: [],
    text: /^le pack est incomplet : .* manque$/,
    // A copy of the installer without the skills beside it, as a broken download would leave it.
    setup: async (folder) => {
      await mkdir(join(folder, 'paquet', 'dist'), { recursive: true });
      await mkdir(join(folder, 'paquet', 'skills'), { recursive: true });
      await copyFile(path('contexte-skills'), join(folder, 'paquet', 'dist', 'contexte-skills.js'));
      return [folder];
    },
    script: (folder) => join(folder, 'paquet', 'dist', 'contexte-skills.js'),
  },
  'installation-impossible': {
    program: 'contexte-skills',
    args: [],
    text: /^les skills ne peuvent pas être écrits dans .* \((ENOTDIR|EEXIST)\)$/,
    setup: async (folder) => {
      await writeFile(join(folder, '.opencode'), 'un fichier à la place du dossier');
      return [folder];
    },
  },
};

interface Seen {
  reason: Reason;
  code: number | null;
  message: string;
  advice: string;
  output: string;
}
const seen = new Map<Reason, Seen>();

describe('every error of the catalogue, through the real programs', () => {
  it.each(Object.entries(SCENARIOS) as Array<[Reason, Scenario]>)('%s', async (reason, scenario) => {
    const folder = await mkdtemp(join(dir, 'cas-'));
    const extra = (await scenario.setup?.(folder)) ?? [];
    const script = scenario.script?.(folder) ?? path(scenario.program);
    const result = await runScript(script, [...extra, ...scenario.args], { env: scenario.env?.() ?? {}, cwd: folder, timeoutMs: 30_000 });
    // The error is the last two lines of standard error: the message, then the advice.
    const error = new RegExp(`(?:^|\\n)${scenario.program} : (.+)\\n {2}→ (.+)\\n$`).exec(result.stderr);
    expect(error, result.stderr).not.toBeNull();
    const [, message, advice] = error as unknown as [string, string, string];
    expect(result.code).toBe(CATALOGUE[reason].exit);
    if (scenario.text) expect(message).toMatch(scenario.text);
    else {
      const json = JSON.parse(result.stdout) as { erreur: { code: number; raison: string; message: string; conseil: string } };
      expect(json.erreur).toEqual({ code: CATALOGUE[reason].exit, raison: reason, message, conseil: advice });
    }
    seen.set(reason, { reason, code: result.code, message, advice, output: result.stdout + result.stderr });
  });

  it('keeps the invariants of a message on every error above', () => {
    const variables = new Set(Object.keys(ENVIRONMENT));
    const secrets = [redis.password, bystander];
    for (const { reason, message, advice, output } of seen.values()) {
      // A verb or « : » after the subject: never a bare noun phrase (« la note introuvable »).
      expect(message, reason).toMatch(/ : |\b(est|sont|a|ont|ne|n’|s’|refuse|demande|manque|dit|mène|prend)\b/);
      expect(advice, reason).toMatch(/^[A-ZÉÀ«].{10,}/);
      // No code of a parser or library in English (MISSING_CHAR, ERR_…): only the variables the README documents.
      const codes = [...`${message} ${advice}`.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)].map((match) => match[0]);
      expect(
        codes.filter((code) => !variables.has(code)),
        reason,
      ).toEqual([]);
      // (The mailbox's label is the user's own setting: a host named *.invalid is theirs.)
      expect(`${message} ${advice}`.replace(/\b(redis|dossier) \S+/g, ''), reason).not.toMatch(/\b(undefined|null|NaN|Error|Cannot|failed|invalid)\b/);
      for (const secret of secrets) expect(output, reason).not.toContain(secret);
    }
  });

  it('reaches every reason of the catalogue here, or names where it is reached', () => {
    const reasons = Object.keys(CATALOGUE) as Reason[];
    expect(reasons.filter((reason) => !(reason in SCENARIOS) && !(reason in REACHED_ELSEWHERE))).toEqual([]);
    expect(Object.keys(REACHED_ELSEWHERE).filter((reason) => !reasons.includes(reason as Reason))).toEqual([]);
  });
});
