/**
 * The mailbox's own failures, classified the same whatever the backend. Only the
 * programs' runner (lib/cli/run.ts) turns them into a message of the catalogue.
 * A request the caller must change (an invalid name, key, TTL or setting) is a
 * `Failure` of the catalogue (lib/messages), raised where it is found.
 */

/** What went wrong with a mailbox, independent of its backend. */
export type MailboxFailure =
  | 'refused' // nothing listens at the address
  | 'unreachable' // no route to the host
  | 'timeout' // no answer in time (connect or command)
  | 'unknown-host'
  | 'tls' // TLS handshake failed
  | 'auth-required'
  | 'auth-failed'
  | 'no-permission'
  | 'out-of-memory' // Redis' maxmemory
  | 'too-many-clients' // Redis' maxclients: new connections refused
  | 'disk-full' // the folder's file system
  | 'read-only'
  | 'unavailable' // the store answers but cannot serve (Cluster down)
  | 'no-free-key'
  | 'unsafe-path' // a link or a file where the folder mailbox expects one of its folders
  | 'not-a-folder' // CONTEXTE_DIR names something that is not a folder
  | 'other';

/** Where a failure happened, when the backend knows: never a password, never a raw server message. */
export interface FailureContext {
  /** A short technical code (ECONNREFUSED, BUSY…). */
  code?: string;
  /** The folder mailbox's file or folder concerned. */
  path?: string;
  /** Whether the folder mailbox is shared with its group (the advice on modes differs). */
  shared?: boolean;
}

/**
 * A failure of the mailbox, raised by every backend with the same codes so that
 * the programs print the same message whichever mailbox is used.
 */
export class MailboxError extends Error {
  constructor(
    readonly failure: MailboxFailure,
    readonly mailbox: string,
    readonly context: FailureContext = {},
  ) {
    super(`${failure} (${mailbox})${context.code ? `: ${context.code}` : ''}`);
    this.name = 'MailboxError';
  }
}

/** Whether the mailbox refused for want of a right (an ACL, a folder's modes): what callers fall back from. */
export const isNoPermission = (error: unknown): error is MailboxError => error instanceof MailboxError && error.failure === 'no-permission';
