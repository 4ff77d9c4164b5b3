/** The `skills` CLI (`npx skills add …`), pinned to the last line that runs on Node 20. */
import { join } from 'node:path';
import { ensureCachedTool } from './cached-tool.js';

export const SKILLS_CLI_VERSION = '1.3.9';

/** The path of the CLI's entry point, installing it if needed. */
export const ensureSkillsCli = (log: (line: string) => void) =>
  ensureCachedTool(`skills@${SKILLS_CLI_VERSION}`, `skills-${SKILLS_CLI_VERSION}`, join('skills', 'bin', 'cli.mjs'), log);
