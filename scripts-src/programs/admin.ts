import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { readNoteHeader } from '../lib/checks/note-header.js';
import { explainDenied, type Program, printJson, runProgram } from '../lib/cli/run.js';
import { isValidName, redisKeys, validateName } from '../lib/mailbox/keys.js';
import { readJournalDays } from '../lib/mailbox/open.js';
import { auditTeam } from '../lib/mailbox/redis/audit.js';
import { connectRedis, isCluster, toMailboxError } from '../lib/mailbox/redis/connection.js';
import { openRedisMailbox, type RedisMailbox } from '../lib/mailbox/redis/redis-mailbox.js';
import { readServerLimits } from '../lib/mailbox/redis/server-limits.js';
import { readRedisSettings } from '../lib/mailbox/redis/settings.js';
import { asRedisCli, authorAcl, membershipCommands } from '../lib/mailbox/redis/team-acl.js';
import { parseIdentityLine } from '../lib/mailbox/sealed/identity.js';
import { parseTtlMax } from '../lib/mailbox/ttl.js';
import { ExitCode } from '../lib/messages/exit-code.js';
import { Failure, fail } from '../lib/messages/failure.js';
import { formatSize } from '../lib/text/format-size.js';
import { adminCommandLine } from './command-lines/admin.js';

const program: Program = {
  commandLine: adminCommandLine,
  async main({ name, positionals, values, json }, env) {
    if (name === 'audit') return audit(validateName(values.equipe as string, 'equipe'), values.corriger === true, json, env);
    if (name === 'serveur') return server(json, env);
    let commands: Command[];
    let notice: string | undefined;
    if (name === 'utilisateur') {
      const [team, author] = positionals as [string, string];
      validateName(team, 'equipe');
      validateName(author, 'auteur');
      if (author === 'default') throw fail('auteur-default');
      const password = await authorPassword(env.CONTEXTE_MOT_DE_PASSE, values['fichier-mot-de-passe'] as string | undefined);
      commands = [
        { perNode: true, args: ['ACL', 'SETUSER', ...authorAcl(team, author, password)] },
        ...membershipCommands(team, author).map((args) => ({ perNode: false, args })),
      ];
    } else if (name === 'membre') {
      const [team, author] = positionals as [string, string];
      validateName(team, 'equipe');
      validateName(author, 'auteur');
      const identity = parseIdentityLine(values.identite as string);
      if (identity === undefined) throw fail('identite-invalide');
      notice = `Empreinte de l’identité de ${author} : ${identity.fingerprint} (comparez-la avec celle que ${author} vous lit).`;
      commands = [{ perNode: false, args: ['HSET', redisKeys.identities(team), author, identity.line] }];
    } else if (name === 'equipe') {
      const team = validateName(positionals[0]!, 'equipe');
      commands = [{ perNode: false, args: ['SET', redisKeys.sealed(team), '1'] }];
    } else {
      const author = validateName(positionals[0]!, 'auteur');
      commands = [{ perNode: true, args: ['ACL', 'DELUSER', author] }];
      // Which teams count the author is known only on the server: --appliquer removes them from each one's members and registry.
      if (values.appliquer) commands.push(...(await teamRemovals(author, env)));
      else notice = `Avec --appliquer, ${author} est aussi retiré des membres de chaque équipe, et son identité de chaque équipe qui l’a enregistrée.`;
    }
    const applied = values.appliquer ? await apply(commands, env) : 0;
    const lines = commands.map(({ args }) => asRedisCli(args));
    if (json) printJson({ commandes: lines, appliquees: applied });
    else {
      process.stdout.write(`${lines.join('\n')}\n`);
      if (notice) process.stdout.write(`${notice}\n`);
      if (values.appliquer) process.stdout.write(`Appliqué sur ${applied} nœud(s).\n`);
    }
  },
};

async function authorPassword(fromEnv: string | undefined, file: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 16) throw fail('mot-de-passe-court');
    return fromEnv;
  }
  if (!file) throw fail('mot-de-passe-absent');
  const password = randomBytes(24).toString('base64url');
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(`${password}\n`);
    await handle.close();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EEXIST') return passwordOfPreview(file);
    throw fail('ecriture-impossible', { path: file, code: code ?? 'erreur inconnue' });
  }
  return password;
}

/**
 * The file a preview wrote (`admin utilisateur … --fichier-mot-de-passe f`, then the same with
 * --appliquer): its password is taken again, never replaced. Only a private file of ours holding
 * one password is; anything else is refused as an existing file.
 */
async function passwordOfPreview(file: string): Promise<string> {
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      const ours = info.isFile() && info.size < 256 && (info.mode & 0o077) === 0 && info.uid === process.getuid?.();
      const password = ours ? (await handle.readFile('utf8')).trim() : '';
      if (/^[A-Za-z0-9_-]{16,}$/.test(password)) return password;
    } finally {
      await handle.close();
    }
  } catch {
    // A link, a FIFO, an unreadable file: not a preview's.
  }
  throw fail('fichier-existe', { path: file });
}

/**
 * `SREM` of the author from every team's members and `HDEL` of their identity in every team that registered one
 * (read with the administrator's connection), recorded as revoked: no longer listed, sealed for, nor re-added by audit.
 */
async function teamRemovals(author: string, env: NodeJS.ProcessEnv): Promise<Command[]> {
  const settings = readRedisSettings(env);
  const client = await connectRedis(settings);
  try {
    const teams = (await client.smembers(redisKeys.teams)).filter(isValidName);
    const [members, registered] = await Promise.all([
      Promise.all(teams.map((team) => client.sismember(redisKeys.members(team), author))),
      Promise.all(teams.map((team) => client.hexists(redisKeys.identities(team), author))),
    ]);
    return teams.flatMap((team, index) => [
      ...(members[index] === 1
        ? [
            { perNode: false, args: ['SREM', redisKeys.members(team), author] },
            { perNode: false, args: ['SADD', redisKeys.revoked(team), author] },
          ]
        : []),
      ...(registered[index] === 1 ? [{ perNode: false, args: ['HDEL', redisKeys.identities(team), author] }] : []),
    ]);
  } catch (error) {
    throw toMailboxError(error, settings.label);
  } finally {
    client.disconnect();
  }
}

/** A command for the server: ACLs are per node (a Cluster does not replicate them); a key's command goes once, to its slot. */
interface Command {
  perNode: boolean;
  args: string[];
}

/** Runs the commands on the server, or on every node of a Cluster. */
async function apply(commands: Command[], env: NodeJS.ProcessEnv): Promise<number> {
  const settings = readRedisSettings(env);
  const client = await connectRedis(settings);
  try {
    const nodes = isCluster(client) ? client.nodes('all') : [client];
    for (const { perNode, args } of commands) {
      const [name, ...rest] = args as [string, ...string[]];
      const replies = perNode ? await Promise.all(nodes.map((node) => node.call(name, ...rest))) : [await client.call(name, ...rest)];
      // ACL DELUSER answers how many users it deleted: none anywhere means the name was wrong.
      if (name === 'ACL' && rest[0] === 'DELUSER' && replies.every((reply) => reply === 0)) {
        throw fail('utilisateur-inconnu', { user: rest[1]!, box: settings.label });
      }
    }
    return nodes.length;
  } catch (error) {
    if (error instanceof Failure) throw error;
    throw toMailboxError(error, settings.label);
  } finally {
    client.disconnect();
  }
}

/** The Redis mailbox as the environment names it, for audit and serveur, closed after `action`. */
async function withRedisMailbox(env: NodeJS.ProcessEnv, action: (mailbox: RedisMailbox, ttlMaxSeconds: number) => Promise<ExitCode>): Promise<ExitCode> {
  const options = { journalDays: readJournalDays(env.CONTEXTE_JOURNAL_JOURS), ttlMaxSeconds: parseTtlMax(env.CONTEXTE_TTL_MAX) };
  const mailbox = await openRedisMailbox(readRedisSettings(env), options);
  try {
    return await action(mailbox, options.ttlMaxSeconds);
  } finally {
    await mailbox.close();
  }
}

function audit(team: string, correct: boolean, json: boolean, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  return withRedisMailbox(env, async (mailbox, ttlMaxSeconds) => {
    const findings = await explainDenied(
      mailbox,
      auditTeam(mailbox, team, { correct, ttlMaxSeconds, summarize: (note) => readNoteHeader(note.toString('utf8')).summary }),
      'refus-audit',
      { team },
    );
    // A subject or a message may quote what the mailbox holds (a foreign index entry's key): escaped, bounded, never a secret it holds.
    const { shownFromMailbox } = await import('../lib/guards.js');
    const shown = findings.map((finding) => ({ ...finding, subject: shownFromMailbox(finding.subject), message: shownFromMailbox(finding.message) }));
    if (json) {
      printJson({
        equipe: team,
        constats: shown.map((finding) => ({ regle: finding.code, sujet: finding.subject, message: finding.message, corrige: finding.corrected })),
        boite: mailbox.label,
      });
    } else {
      const lines = shown.map((finding) => `  [${finding.code}] ${finding.subject} : ${finding.message}${finding.corrected ? ' — corrigé' : ''}`);
      process.stdout.write(
        `Boîte : ${mailbox.label} ; audit de l’équipe ${team} : ${findings.length === 0 ? 'aucun constat' : `${findings.length} constat(s)`}\n${lines.map((line) => `${line}\n`).join('')}`,
      );
      if (!correct && findings.length > 0) process.stdout.write(`Relancez avec --corriger pour corriger ce qui peut l’être.\n`);
    }
    return findings.some((finding) => !finding.corrected) ? ExitCode.Refused : ExitCode.Success;
  });
}

/** `admin serveur`: the server's limits, read-only; code 1 when a setting lets one team hurt the others. */
function server(json: boolean, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  return withRedisMailbox(env, async (mailbox) => {
    const report = await explainDenied(mailbox, readServerLimits(mailbox), 'refus-serveur', {});
    if (json) {
      printJson({
        noeuds: report.nodes.map((node) => ({
          noeud: node.node,
          maxmemory: node.maxmemory,
          memoire_utilisee: node.usedMemory,
          maxmemory_policy: node.policy,
          maxclients: node.maxclients,
          clients_connectes: node.connectedClients,
          client_query_buffer_limit: node.queryBufferLimit,
          proto_max_bulk_len: node.protoMaxBulkLen,
        })),
        constats: report.findings.map((finding) => ({ regle: finding.code, noeud: finding.node, message: finding.message })),
        equipes: report.teams.map((team) => ({
          equipe: team.team,
          octets: team.bytes,
          auteurs: team.authors.map((author) => ({ auteur: author.author, octets: author.bytes, cles: author.keys })),
        })),
        boite: mailbox.label,
      });
    } else {
      const lines = [`Boîte : ${mailbox.label} ; réglages du serveur (lecture seule)`];
      for (const node of report.nodes) {
        lines.push(
          `  ${node.node} : mémoire ${formatSize(node.usedMemory)} ${node.maxmemory === 0 ? 'sans limite (maxmemory 0)' : `sur ${formatSize(node.maxmemory)}`} (maxmemory-policy ${node.policy}) ; clients ${node.connectedClients} sur ${node.maxclients} (maxclients) ; une commande au plus ${formatSize(node.protoMaxBulkLen)} (proto-max-bulk-len), un client ${formatSize(node.queryBufferLimit)} en attente (client-query-buffer-limit)`,
        );
      }
      lines.push(report.findings.length === 0 ? 'Aucun constat.' : `${report.findings.length} constat(s) :`);
      for (const finding of report.findings) lines.push(`  [${finding.code}] ${finding.node} : ${finding.message}`);
      lines.push(report.teams.length === 0 ? 'Aucune note dans la boîte.' : 'Octets par équipe (notes et exports), et les plus gros auteurs :');
      for (const team of report.teams) {
        const authors = team.authors.map((author) => `${author.author} ${formatSize(author.bytes)} (${author.keys} clé(s))`).join(', ');
        lines.push(`  ${team.team} : ${formatSize(team.bytes)} — ${authors}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return report.findings.length > 0 ? ExitCode.Refused : ExitCode.Success;
  });
}

void runProgram(program);
