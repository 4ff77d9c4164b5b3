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
