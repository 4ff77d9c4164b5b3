import { CATALOGUE, type ParamsOf, type Reason } from './catalogue.js';
import type { ExitCode } from './exit-code.js';

/**
 * An error meant for the user, raised anywhere as `fail(reason, params)`: its
 * French text, advice and exit code come from the catalogue. Only the programs'
 * runner prints it and sets the exit code.
 */
export class Failure extends Error {
  readonly advice: string;
  readonly exitCode: ExitCode;

  constructor(
    readonly reason: Reason,
    params: unknown,
    options?: { cause?: unknown },
  ) {
    const entry = CATALOGUE[reason] as { exit: ExitCode; message: (p: unknown) => string; advice: (p: unknown) => string };
    super(entry.message(params), options);
    this.name = 'Failure';
    this.advice = entry.advice(params);
    this.exitCode = entry.exit;
  }
}

type Args<R extends Reason> = ParamsOf<R> extends Record<string, never> ? [] : [params: ParamsOf<R>];

export function fail<R extends Reason>(reason: R, ...params: Args<R>): Failure {
  return new Failure(reason, params[0] ?? {});
}
