/**
 * Listing benchmark (not a test): a team of 100 notes among 1,000,000 unrelated
 * keys and 10,000 notes of other teams, listed through the team index, against
 * an empty team (the floor) and against the workshop's way, a SCAN of the whole
 * database (the baseline), all measured in this run, interleaved, median of 15.
 *
 *   npm run bench:listing
 */
import { spawnSync } from 'node:child_process';
import { openRedisMailbox } from '../scripts-src/lib/mailbox/redis/redis-mailbox.js';
import { readRedisSettings } from '../scripts-src/lib/mailbox/redis/settings.js';
import { startRedis } from '../test/helpers/redis-server.js';
import { programPaths } from '../test/helpers/run-program.js';

const ROUNDS = 15;
// DEBUG POPULATE fills the database in one command; the server must allow it.
const redis = await startRedis(['--enable-debug-command', 'local']);
try {
  console.log('Remplissage : 1 000 000 clés sans rapport, 10 000 notes d’autres équipes, 100 notes de l’équipe mesurée…');
  await redis.admin.call('DEBUG', 'POPULATE', '1000000', 'sans-rapport');
  const mailbox = await openRedisMailbox(readRedisSettings(redis.env), { journalDays: 30, ttlMaxSeconds: 7 * 86400 });
  const note = Buffer.from('---\ntitre: Note de banc\nresume: une ligne\n---\n# Objectif\nmesurer\n');
  const publish = (team: string, author: string) =>
    mailbox.publish({ team, author, note, ttlSeconds: 3600, now: new Date(), summary: { title: 'Note de banc' } });
  for (let batch = 0; batch < 100; batch++) {
    await Promise.all(Array.from({ length: 100 }, (_, index) => publish(`autre${batch}`, `auteur${index}`)));
  }
  await Promise.all(Array.from({ length: 100 }, (_, index) => publish('mesuree', `auteur${index}`)));
  await mailbox.close();
  console.log(`Base : ${await redis.admin.dbsize()} clés.\n`);

  const cases = {
    'équipe de 100 notes (index)': ['list', '--equipe', 'mesuree', '--json'],
    'équipe vide (plancher)': ['list', '--equipe', 'personne', '--json'],
    'motif parcouru par SCAN (façon atelier)': ['list', 'contexte:mesuree:a*', '--json'],
  };
  const wall: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  const redisTime: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(cases)) {
      await redis.admin.call('CONFIG', 'RESETSTAT');
      const started = performance.now();
      const result = spawnSync(process.execPath, [programPaths.recuperer, ...args], { env: { PATH: process.env.PATH, ...redis.env }, encoding: 'utf8' });
      wall[name]!.push(performance.now() - started);
      if (result.status !== 0) throw new Error(`${name} : ${result.stderr}`);
      const stats = String(await redis.admin.info('commandstats'));
      // Redis' own time for what the program sent (usec per command family), AUTH and PING aside.
      const micros = [...stats.matchAll(/cmdstat_(\w+(?:\|\w+)?):calls=\d+,usec=(\d+)/g)]
        .filter(([, command]) => !['auth', 'ping', 'config|resetstat', 'info'].includes(command!))
        .reduce((sum, [, , usec]) => sum + Number(usec), 0);
      redisTime[name]!.push(micros / 1000);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const floor = median(wall['équipe vide (plancher)']!);
  console.log('| liste | temps Redis (médiane) | temps total (médiane) | rapport au plancher |');
  console.log('| --- | --- | --- | --- |');
  for (const name of Object.keys(cases)) {
    console.log(
      `| ${name} | ${median(redisTime[name]!).toFixed(2)} ms | ${median(wall[name]!).toFixed(0)} ms | ${(median(wall[name]!) / floor).toFixed(2)} × |`,
    );
  }
} finally {
  await redis.stop();
}
