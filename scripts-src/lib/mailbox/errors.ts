/**
 * The mailbox's own errors. Domain code throws these; only the programs' runner
 * (lib/cli.ts) turns them into a French message, an advice line and an exit code.
 */

/**
 * A request or a setting the caller must change: an invalid name, key or TTL, a
 * clock outside the keys' range, a malformed connection setting. Exit 2.
 */
export class InvalidRequest extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'InvalidRequest';
  }
}

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
  | 'disk-full' // the folder's file system
  | 'read-only'
  | 'unavailable' // the store answers but cannot serve (Cluster down)
  | 'no-free-key'
  | 'unsafe-path' // a link or a file where the folder mailbox expects one of its folders
  | 'other';

/**
 * A failure of the mailbox, raised by every backend with the same codes so that
 * the programs print the same message whichever mailbox is used. `detail` is a
 * short, credential-free technical reason (never the raw server message when it
 * could echo a command argument).
 */
export class MailboxError extends Error {
  constructor(
    readonly failure: MailboxFailure,
    readonly mailbox: string,
    readonly detail?: string,
    /** What to do about it when the driver knows better than the generic advice (the file and the mode to fix). */
    readonly advice?: string,
  ) {
    super(`${failure} (${mailbox})${detail ? `: ${detail}` : ''}`);
    this.name = 'MailboxError';
  }
}
