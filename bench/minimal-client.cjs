// The floor of the chosen stack: the smallest program that makes a program's round trip with
// ioredis (connect, authenticate, one command, quit), with no guard and no mailbox around it.
// The bench times it beside publier, get and list:
//   node bench/minimal-client.cjs set <file> <key> | get <key> <file> | scan <pattern>
const { readFileSync, writeFileSync } = require('node:fs');
const Redis = require('ioredis');

const [command, first, second] = process.argv.slice(2);
const redis = new Redis({ host: process.env.REDIS_HOST, port: Number(process.env.REDIS_PORT), password: process.env.REDISCLI_AUTH });
const rounds = {
  set: () => redis.set(second, readFileSync(first), 'EX', 28800),
  get: async () => writeFileSync(second, await redis.getBuffer(first)),
  scan: () => redis.scan(0, 'MATCH', first, 'COUNT', 1000),
};
rounds[command]()
  .then(() => redis.quit())
  .catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
