/**
 * One process of the load test: publishes COUNT notes through the library, as
 * publier does, and reads each back; prints the keys and what was read as JSON.
 */
import { randomBytes } from 'node:crypto';
import { openMailbox } from '../../scripts-src/lib/mailbox/open.js';
import { fetchedBytes } from './fetched.js';

const [team, worker, count] = process.argv.slice(2) as [string, string, string];
// It publishes: a CONTEXTE_DIR not made yet is created, as by publier.
const mailbox = await openMailbox(process.env, 'publish');
const results: Array<{ key: string; sent: string; read: string | null }> = [];
try {
  for (let index = 0; index < Number(count); index++) {
    const sent = `# note ${worker}-${index}\n${randomBytes(512).toString('base64')}\r\nfin é\n`;
    const { noteKey } = await mailbox.publish({ team, author: `auteur${worker}`, note: Buffer.from(sent), ttlSeconds: 600, now: new Date(), summary: {} });
    const read = await mailbox.get(noteKey);
    results.push({ key: noteKey, sent, read: fetchedBytes(read)?.toString() ?? null });
  }
} finally {
  await mailbox.close();
}
process.stdout.write(JSON.stringify(results));
