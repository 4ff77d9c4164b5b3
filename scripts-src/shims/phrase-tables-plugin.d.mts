import type { Plugin } from 'esbuild';

/** Bundles TypeScript from the repository's root and evaluates it (see phrase-tables-plugin.mjs). */
export function loadBundled(contents: string, plugins?: Plugin[], version?: string): Promise<Record<string, unknown>>;
/** The plugin that writes the phrase sets the guards build while they load into a bundle. */
export function phraseTablesPlugin(version?: string): Promise<Plugin>;
