import { describe, expect, it } from 'vitest';
import { readRedisSettings } from '../../scripts-src/lib/mailbox/redis/settings.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

describe('Redis settings', () => {
  it('reads the workshop variables', () => {
    expect(readRedisSettings({ REDIS_HOST: '127.0.0.1', REDISCLI_AUTH: 'pw' })).toMatchObject({
      host: '127.0.0.1',
      port: 6379,
      password: 'pw',
      tls: false,
      label: 'redis 127.0.0.1:6379',
    });
  });

  it('adds the ACL user from REDIS_USERNAME', () => {
    expect(readRedisSettings({ REDIS_HOST: 'h', REDIS_PORT: '7000', REDIS_USERNAME: 'alice' })).toMatchObject({ port: 7000, username: 'alice' });
  });

  it('reads REDIS_URL, TLS included, without putting credentials in the label', () => {
    const settings = readRedisSettings({ REDIS_URL: 'rediss://alice:p%40ss@redis.example:6380/2' });
    expect(settings).toMatchObject({ host: 'redis.example', port: 6380, username: 'alice', password: 'p@ss', db: 2, tls: true });
    expect(settings.label).toBe('rediss redis.example:6380');
  });

  it('takes the password from REDISCLI_AUTH when the URL has none', () => {
    expect(readRedisSettings({ REDIS_URL: 'redis://h', REDISCLI_AUTH: 'pw' }).password).toBe('pw');
  });

  it('names the missing setting', () => {
    expect(() => readRedisSettings({})).toThrow(/REDIS_HOST/);
  });

  it.each(['0', '65536', 'abc', '80x'])('refuses REDIS_PORT=%s', (port) => {
    expect(() => readRedisSettings({ REDIS_HOST: 'h', REDIS_PORT: port })).toThrow(Failure);
  });

  it('refuses a bad REDIS_URL without quoting it, since it may hold a password', () => {
    const secret = 'hunter2-do-not-print';
    for (const url of [`http://u:${secret}@h`, `redis://u:${secret}@h/notadb`, `::${secret}`]) {
      let message = '';
      try {
        readRedisSettings({ REDIS_URL: url });
      } catch (error) {
        message = `${(error as Failure).message} ${(error as Failure).advice}`;
      }
      expect(message).toMatch(/REDIS_URL invalide/);
      expect(message).not.toContain(secret);
    }
  });
});

describe('settings that would leak or crash', () => {
  it('refuses a malformed escape in REDIS_URL (exit 2) without echoing it', () => {
    const password = `pw%zz${Math.random().toString(36).slice(2)}`;
    try {
      readRedisSettings({ REDIS_URL: `redis://u:${password}@h:6379` });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Failure);
      expect(String((error as Error).message)).toContain('REDIS_URL invalide');
      expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(password.slice(5));
    }
  });

  it('does not quote REDIS_PORT back: a password typed there stays unprinted', () => {
    const typo = `S3cret-${Math.random().toString(36).slice(2)}`;
    expect(() => readRedisSettings({ REDIS_HOST: 'h', REDIS_PORT: typo })).toThrow(/REDIS_PORT invalide/);
    try {
      readRedisSettings({ REDIS_HOST: 'h', REDIS_PORT: typo });
    } catch (error) {
      expect((error as Failure).message + ((error as Failure).advice ?? '')).not.toContain(typo.slice(0, 6));
    }
  });
});
