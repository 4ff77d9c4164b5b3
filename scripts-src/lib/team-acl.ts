/**
 * The Redis ACL rules of one author of one team (Redis 7 selectors). What the
 * author may do, and nothing else:
 *   - read every note and session export of the team, and the team's index;
 *   - write and delete only their own keys, contexte:<equipe>:<auteur>:* and session:…;
 *   - add entries to and prune the team's index (through our script);
 *   - append to the team's journal, without reading it;
 *   - no SCAN, KEYS, FLUSH*, CONFIG, ACL, nor any other command.
 * The password travels only as its SHA-256 (`#…`), never in clear.
 */
import { createHash } from 'node:crypto';
import { indexKey, journalKey } from './keys.js';

/** What every connection needs, Cluster topology included; no key access. */
const CONNECTION = ['+ping', '+auth', '+hello', '+quit', '+select', '+cluster|slots', '+cluster|shards', '+cluster|info', '+cluster|nodes', '+readonly', '+asking'];

export function authorAcl(team: string, author: string, password: string): string[] {
  const hash = createHash('sha256').update(password).digest('hex');
  return [
    author,
    'reset',
    'on',
    `#${hash}`,
    'resetchannels',
    ...CONNECTION,
    `(%R~contexte:${team}:* %R~session:${team}:* +get +strlen +ttl +pttl +exists)`,
    `(~contexte:${team}:${author}:* ~session:${team}:${author}:* +set +del +get)`,
    `(~${indexKey(team)} +hgetall +hget +hset +hdel +ttl +expire +evalsha +eval)`,
    `(%W~${journalKey(team)} +xadd)`,
  ];
}

/** A command line as redis-cli takes it, each argument quoted when needed. */
export function asRedisCli(args: string[]): string {
  return args.map((arg) => (/^[\w#%~:*|+@.-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}
