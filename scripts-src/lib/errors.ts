import { ExitCode } from './exit-code.js';

/**
 * An error meant for the user: a French one-line message, an optional next step,
 * and the exit code. Programs throw it; only the runner prints it and exits.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.Usage, hint);
    this.name = 'UsageError';
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
  | 'out-of-memory'
  | 'read-only'
  | 'unavailable' // the store answers but cannot serve (Cluster down)
  | 'no-free-key'
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
  ) {
    super(`${failure} (${mailbox})${detail ? `: ${detail}` : ''}`);
    this.name = 'MailboxError';
  }
}
