import { startRedis } from '../helpers/redis-server.js';
import { mailboxContract } from './mailbox-contract.js';

mailboxContract('redis', async () => {
  const redis = await startRedis();
  return { env: redis.env, label: /^redis 127\.0\.0\.1:\d+$/, stop: () => redis.stop() };
});
