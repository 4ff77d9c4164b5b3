import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine. The tests spend much of
    // their time waiting on the programs they start, Redis and OpenCode, so two files at a time cut the suite by a third.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
