/**
 * The guards — the note checks, the secret guard, the reading guard — as the
 * programs use them, in one module that they load with `await import()` once
 * there is a text to judge or to show: the guards' patterns and tables cost
 * tens of milliseconds to load, which `--help`, `boite`, a usage error or the
 * listing of an empty team need not pay. (esbuild keeps a dynamically imported
 * module, and all that only it reaches, out of the program's start-up.)
 */
export { checkEncoding, checkNote } from './checks/check-note.js';
export { checkPublication } from './checks/run-checks.js';
export { maskLocalSecrets, senderSecrets } from './secrets/find-local-secrets.js';
export { findSecrets, findSecretsInJson } from './secrets/find-secrets.js';
export { frameUntrusted } from './untrusted/frame-untrusted.js';
export { IMPORT_COMMAND, inspectNote, readPatch } from './untrusted/inspect-fetched.js';
export { excerptOf, readExport, readField, readNote } from './untrusted/read-untrusted.js';
export { shownFromMailbox } from './untrusted/shown-from-mailbox.js';

export type Guards = typeof import('./guards.js');

// Tells the code-cache loader (shims/code-cache-loader.cjs) that this run compiled the guards: their code is worth caching.
(globalThis as Record<symbol, unknown>)[Symbol.for('contexte-skills.guards')] = true;
