import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailboxContract } from './mailbox-contract.js';

mailboxContract('dossier', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'contexte-boite-'));
  // A CONTEXTE_DIR is made before it is read (only a publication creates one).
  await mkdir(join(dir, 'boite'));
  return { env: { CONTEXTE_DIR: join(dir, 'boite') }, label: /^dossier \//, stop: () => rm(dir, { recursive: true, force: true }) };
});
