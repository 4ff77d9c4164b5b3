/**
 * The Redis ACL rules of one author of one team (Redis 7 selectors). What the
 * author may do, and nothing else:
 *   - read every note, session export and work in progress of the team, the
 *     team's members, every member's index, the team's registered identities
 *     and whether it is sealed;
 *   - write and delete only their own keys, contexte:<equipe>:<auteur>:*, session:… and modifs:…;
 *   - write only their own index (MULTI, HSET, HDEL, EXPIRE) and append only to
 *     their own journal; wait on the team's journals (XREAD, and TIME to know
 *     where to start: `recuperer attendre`), never range over them (XRANGE, XINFO);
 *   - no scripting (a looping script blocks every client of the server), no
 *     SELECT, SCAN, KEYS, FLUSH*, CONFIG, ACL, nor any other command.
 * The password travels only as its SHA-256 (`#…`), never in clear.
 */
import { createHash } from 'node:crypto';
import { redisKeys } from '../keys.js';

/**
 * What every connection needs, Cluster topology and transactions included; no
 * key access. No SELECT: a key written in another database than 0 is read by
 * none of our programs, and would escape the index and the audit.
 */
const CONNECTION = [
  '+ping',
  '+time',
  '+auth',
  '+hello',
  '+quit',
  '+cluster|slots',
  '+cluster|shards',
  '+cluster|info',
  '+cluster|nodes',
  '+readonly',
  '+asking',
  '+multi',
  '+exec',
  '+discard',
];

export function authorAcl(team: string, author: string, password: string): string[] {
  const hash = createHash('sha256').update(password).digest('hex');
  return [
    author,
    'reset',
    'on',
    `#${hash}`,
    'resetchannels',
    ...CONNECTION,
    `(${redisKeys
      .publicationsOf(team)
      .map((pattern) => `%R~${pattern}`)
      .join(' ')} +get +strlen +ttl +pttl +exists)`,
    `(${redisKeys
      .publicationsOf(team, author)
      .map((pattern) => `~${pattern}`)
      .join(' ')} +set +del +get)`,
    `(%R~${redisKeys.members(team)} %R~${redisKeys.indexesOf(team)} +smembers +sismember +hgetall +hget)`,
    `(%R~${redisKeys.identities(team)} %R~${redisKeys.sealed(team)} +hgetall +hget +exists)`,
    `(~${redisKeys.index(team, author)} +hset +hdel +expire)`,
    `(%W~${redisKeys.journal(team, author)} +xadd)`,
    `(%R~${redisKeys.journalsOf(team)} +xread)`,
  ];
}

/** What `admin utilisateur` runs besides the ACL: the author joins the team's members, revoked no more (keys, so once per Cluster, not per node). */
export function membershipCommands(team: string, author: string): string[][] {
  return [
    ['SADD', redisKeys.members(team), author],
    ['SREM', redisKeys.revoked(team), author],
    ['SADD', redisKeys.teams, team],
  ];
}

/** A command line as redis-cli takes it, each argument quoted when needed. */
export function asRedisCli(args: string[]): string {
  return args.map((arg) => (/^[\w#%~:*|+@.-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}
