import { startCluster } from '../helpers/redis-server.js';
import { mailboxContract } from './mailbox-contract.js';

mailboxContract('redis cluster (3 maîtres)', async () => {
  const cluster = await startCluster();
  return { env: cluster.env, label: /^redis-cluster 127\.0\.0\.1:\d+,127\.0\.0\.1:\d+,127\.0\.0\.1:\d+$/, stop: () => cluster.stop() };
});
