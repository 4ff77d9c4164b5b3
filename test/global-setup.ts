import type { TestProject } from 'vitest/node';
import { ensureOldestNode } from './helpers/oldest-node.js';
import { ensureOpencode } from './helpers/opencode.js';
import { ensureSkillsCli } from './helpers/skills-cli.js';

declare module 'vitest' {
  export interface ProvidedContext {
    opencodeBinary: string;
    skillsCli: string;
    oldestNode: string;
  }
}

/** Installs the pinned OpenCode, skills CLI and oldest supported Node.js once, before any test file needs them. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('opencodeBinary', await ensureOpencode((line) => console.log(line)));
  project.provide('skillsCli', await ensureSkillsCli((line) => console.log(line)));
  project.provide('oldestNode', await ensureOldestNode((line) => console.log(line)));
}
