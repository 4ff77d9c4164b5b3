/**
 * The oldest Node.js the package claims (`engines`), to run the bundles on:
 * the `node` package of the npm registry pins a real Node binary.
 */
import { join } from 'node:path';
import { ensureCachedTool } from './cached-tool.js';

export const OLDEST_NODE_MAJOR = 18;

export const ensureOldestNode = (log: (line: string) => void) =>
  ensureCachedTool(`node@${OLDEST_NODE_MAJOR}`, `node-${OLDEST_NODE_MAJOR}`, join('.bin', 'node'), log);
