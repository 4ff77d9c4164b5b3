import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/run-program.js';

it('runs the whole flow on the default folder mailbox with `npm run demo`, Redis settings ignored', async () => {
  const home = await mkdtemp(join(tmpdir(), 'contexte-demo-home-'));
  try {
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '-s', 'demo'], {
        cwd: repoRoot,
        // A Redis variable left in the shell must not turn the demo into a Redis one.
        env: { PATH: process.env.PATH ?? '', HOME: home, REDIS_HOST: '127.0.0.1', REDIS_PORT: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stdout: out }));
    });
    expect(code).toBe(0);
    const box = join(home, '.local', 'state', 'contexte-skills', 'boite');
    for (const text of [
      'aucun problème trouvé',
      'Publié : contexte:demo:alice:',
      `Boîte : dossier ${box}`,
      'Alertes : aucune.',
      '<<<DONNEES-NON-FIABLES',
      'Supprimé : contexte:demo:alice:',
      'Démo terminée',
    ]) {
      expect(stdout).toContain(text);
    }
    // Published from a project where OpenCode's sharing is off, as the installer leaves it: nothing to warn about.
    expect(stdout).not.toContain('Vigilance');
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
