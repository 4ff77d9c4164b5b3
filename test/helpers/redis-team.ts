/**
 * A team on a real redis-server, as a platform team sets it up: one ACL user
 * per author, made by `admin utilisateur <equipe> <auteur> --appliquer` with a
 * password of their own; `as(user)` is that author's terminal.
 */
import { expect } from 'vitest';
import { type RedisServer, randomPassword, startRedis } from './redis-server.js';
import { admin } from './run-program.js';

export interface RedisTeam<User extends string> {
  redis: RedisServer;
  passwords: Record<User, string>;
  /** The author's terminal: their Redis user and password, and whatever else is given (their XDG_CONFIG_HOME…). */
  as(user: User, extra?: Record<string, string>): Record<string, string>;
}

export async function startTeam<User extends string>(team: string, users: readonly User[]): Promise<RedisTeam<User>> {
  const redis = await startRedis();
  const passwords = {} as Record<User, string>;
  for (const user of users) {
    passwords[user] = randomPassword() + randomPassword();
    const made = await admin(['utilisateur', team, user, '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: passwords[user] } });
    expect(made.code, made.stderr).toBe(0);
  }
  return {
    redis,
    passwords,
    as: (user, extra = {}) => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port), REDIS_USERNAME: user, REDISCLI_AUTH: passwords[user], ...extra }),
  };
}
