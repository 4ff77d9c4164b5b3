/**
 * `admin serveur`: what no client can prevent, read from the server's own
 * settings (read-only). A teammate can fill the memory up to `maxmemory`; an
 * eviction policy then drops other teams' notes without a word; `maxclients`
 * reached refuses every new connection; a large `proto-max-bulk-len` lets one
 * command carry hundreds of megabytes. Each setting is reported per node, with
 * the findings an administrator should act on, and who holds the bytes.
 */
import type { Redis } from 'ioredis';
import { formatSize } from '../../text/format-size.js';
import { parseKey } from '../keys.js';
import { isCluster, toMailboxError } from './connection.js';
import type { RedisMailbox } from './redis-mailbox.js';

export interface NodeLimits {
  node: string;
  maxmemory: number;
  policy: string;
  usedMemory: number;
  maxclients: number;
  connectedClients: number;
  queryBufferLimit: number;
  protoMaxBulkLen: number;
}

export type ServerFindingCode = 'memoire-sans-limite' | 'eviction' | 'commande-trop-grosse';

export interface ServerFinding {
  code: ServerFindingCode;
  node: string;
  /** French, one line: what can happen, then the setting to change. */
  message: string;
}

export interface AuthorBytes {
  author: string;
  bytes: number;
  keys: number;
}

export interface TeamBytes {
  team: string;
  bytes: number;
  /** The biggest authors first, at most AUTHORS_SHOWN. */
  authors: AuthorBytes[];
}

export interface ServerReport {
  nodes: NodeLimits[];
  findings: ServerFinding[];
  teams: TeamBytes[];
}

/** The largest command worth accepting: an export is at most 32 MiB, a note 1 MiB. */
export const RECOMMENDED_BULK_MAX = 64 * 1024 * 1024;
const AUTHORS_SHOWN = 5;

export async function readServerLimits(mailbox: RedisMailbox): Promise<ServerReport> {
  const client = mailbox.client;
  const nodes = isCluster(client) ? client.nodes('master') : [client];
  try {
    const limits = await Promise.all(nodes.map(nodeLimits));
    return { nodes: limits, findings: limits.flatMap(findingsOf), teams: await bytesByTeam(mailbox) };
  } catch (error) {
    // Talks to Redis directly: a refusal (NOPERM without CONFIG) is classified like the mailbox's own.
    throw toMailboxError(error, mailbox.label);
  }
}

async function nodeLimits(node: Redis): Promise<NodeLimits> {
  const config = async (name: string) => {
    const reply = (await node.call('CONFIG', 'GET', name)) as string[];
    return reply[1] ?? '';
  };
  const [maxmemory, policy, maxclients, queryBufferLimit, protoMaxBulkLen, memory, clients] = await Promise.all([
    config('maxmemory'),
    config('maxmemory-policy'),
    config('maxclients'),
    config('client-query-buffer-limit'),
    config('proto-max-bulk-len'),
    node.info('memory'),
    node.info('clients'),
  ]);
  const field = (info: string, name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return {
    node: `${node.options.host ?? '127.0.0.1'}:${node.options.port ?? 6379}`,
    maxmemory: Number(maxmemory),
    policy,
    usedMemory: field(memory, 'used_memory'),
    maxclients: Number(maxclients),
    connectedClients: field(clients, 'connected_clients'),
    queryBufferLimit: Number(queryBufferLimit),
    protoMaxBulkLen: Number(protoMaxBulkLen),
  };
}

function findingsOf(limits: NodeLimits): ServerFinding[] {
  const found: ServerFinding[] = [];
  const { node } = limits;
  if (limits.maxmemory === 0)
    found.push({
      code: 'memoire-sans-limite',
      node,
      message: 'aucune limite de mémoire (maxmemory 0) : un auteur peut remplir la mémoire de la machine jusqu’à l’arrêt du serveur ; fixez maxmemory',
    });
  if (limits.policy !== 'noeviction')
    found.push({
      code: 'eviction',
      node,
      message: `politique d’éviction ${limits.policy} : quand la mémoire est pleine, Redis efface des notes d’autres équipes sans rien dire ; mettez maxmemory-policy noeviction (une publication est alors refusée, « la boîte est pleine »)`,
    });
  if (limits.protoMaxBulkLen > RECOMMENDED_BULK_MAX)
    found.push({
      code: 'commande-trop-grosse',
      node,
      message: `une seule valeur peut faire ${formatSize(limits.protoMaxBulkLen)} (proto-max-bulk-len) : un auteur peut bloquer le serveur par une commande géante ; ${formatSize(RECOMMENDED_BULK_MAX)} suffisent (un export fait au plus 32 Mio)`,
    });
  return found;
}

/** Bytes of notes and exports per team and author, from their keys (SCAN, then STRLEN in one pipeline per batch). */
async function bytesByTeam(mailbox: RedisMailbox): Promise<TeamBytes[]> {
  const keys = [...(await mailbox.scan('contexte:*')), ...(await mailbox.scan('session:*'))];
  const teams = new Map<string, Map<string, AuthorBytes>>();
  const BATCH = 1000;
  for (let start = 0; start < keys.length; start += BATCH) {
    const batch = keys.slice(start, start + BATCH);
    const sizes = await Promise.all(batch.map((key) => mailbox.client.strlen(key).catch(() => 0)));
    batch.forEach((key, position) => {
      const parts = parseKey(key);
      if (!parts) return;
      const authors = teams.get(parts.team) ?? new Map<string, AuthorBytes>();
      teams.set(parts.team, authors);
      const author = authors.get(parts.author) ?? { author: parts.author, bytes: 0, keys: 0 };
      authors.set(parts.author, author);
      author.bytes += sizes[position]!;
      author.keys++;
    });
  }
  return [...teams]
    .map(([team, authors]) => {
      const sorted = [...authors.values()].sort((a, b) => b.bytes - a.bytes);
      return { team, bytes: sorted.reduce((sum, author) => sum + author.bytes, 0), authors: sorted.slice(0, AUTHORS_SHOWN) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}
