import type { TestProject } from 'vitest/node';
import { ensureOpencode } from './helpers/opencode.js';

declare module 'vitest' {
  export interface ProvidedContext {
    opencodeBinary: string;
  }
}

/** Installs the pinned OpenCode once, before any test file needs it. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('opencodeBinary', await ensureOpencode((line) => console.log(line)));
}
