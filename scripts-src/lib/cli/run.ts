/**
 * What every program shares: its declared command line parsed, the one
 * top-level catch that prints an error of the catalogue and sets the exit code,
 * and JSON output.
 * Programs never call process.exit.
 */
import type { Mailbox } from '../mailbox/contract.js';
import { isNoPermission, MailboxError, type MailboxFailure } from '../mailbox/errors.js';
import type { ParamsOf, Reason } from '../messages/catalogue.js';
import { ExitCode } from '../messages/exit-code.js';
import { Failure, fail } from '../messages/failure.js';
import { type Command, hasSubcommands, type ProgramSpec, parse, renderHelp } from './command-line.js';

/** The package's version, written into each bundle by build.mjs. */
declare const CONTEXTE_VERSION: string | undefined;
const VERSION = typeof CONTEXTE_VERSION === 'string' ? CONTEXTE_VERSION : 'dev';

export interface Program {
  /** The declared command line: parsing, --help and the README's tables come from it. */
  commandLine: ProgramSpec;
  // biome-ignore lint/suspicious/noConfusingVoidType: a program that ends normally returns nothing; runProgram reads that as success.
  main(command: Command, env: NodeJS.ProcessEnv): Promise<ExitCode | void>;
}

/** `recuperer get --help` asks for the help of `get`: the first word that names a subcommand. */
function helpOf(spec: ProgramSpec, argv: string[]): string {
  const word = argv.find((argument) => !argument.startsWith('-'));
  const named = hasSubcommands(spec) && spec.commands.some((command) => command.name === word) ? word : undefined;
  return renderHelp(spec, named);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

type DenialReason = Extract<Reason, `refus-${string}`>;

/**
 * Says in the command's own terms what a right refused by Redis (ACL NOPERM)
 * means, instead of the generic message: the reason names the mailbox's user
 * and label, `details` the rest. A folder's refusal names its file and the mode
 * to fix: it keeps its own message.
 */
export async function explainDenied<T, R extends DenialReason>(
  mailbox: Pick<Mailbox, 'user' | 'label'>,
  operation: Promise<T>,
  reason: R,
  details: Omit<ParamsOf<R>, 'user' | 'box'>,
): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (isNoPermission(error) && error.context.path === undefined) {
      throw new Failure(reason, { ...details, user: mailbox.user, box: mailbox.label }, { cause: error });
    }
    throw error;
  }
}

/** Runs a program: the single place that prints errors and sets the exit code. */
export async function runProgram(program: Program): Promise<void> {
  // A reader that stops early (`recuperer list | head -1`) closes the pipe: that ends the program quietly, with success.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  const name = program.commandLine.name;
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(helpOf(program.commandLine, argv));
    return;
  }
  if (argv.includes('--version')) {
    process.stdout.write(`${name} (contexte-skills) ${VERSION}\n`);
    return;
  }
  try {
    process.exitCode = (await program.main(parse(program.commandLine, argv), process.env)) ?? ExitCode.Success;
  } catch (error) {
    const failure = describeError(error);
    process.stderr.write(`${name} : ${failure.message}\n  → ${failure.advice}\n`);
    if (json) printJson({ erreur: { code: failure.exitCode, raison: failure.reason, message: failure.message, conseil: failure.advice } });
    if (failure.exitCode === ExitCode.Internal && process.env.CONTEXTE_DEBUG) {
      process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    }
    process.exitCode = failure.exitCode;
  }
}

function describeError(error: unknown): Failure {
  if (error instanceof Failure) return error;
  if (error instanceof MailboxError) return mailboxFailure(error);
  return fail('erreur-interne');
}

/** The reasons whose only parameter is the mailbox's label. */
type BoxReason = { [R in Reason]: { box: string } extends ParamsOf<R> ? (ParamsOf<R> extends { box: string } ? R : never) : never }[Reason];

/** Mailbox failures said the same way whatever the backend. */
const BOX_FAILURES = {
  refused: 'boite-connexion-refusee',
  unreachable: 'boite-injoignable',
  timeout: 'boite-muette',
  'unknown-host': 'boite-hote-inconnu',
  tls: 'boite-tls',
  'auth-required': 'boite-mot-de-passe-requis',
  'auth-failed': 'boite-authentification',
  'out-of-memory': 'boite-memoire-pleine',
  'too-many-clients': 'boite-trop-de-clients',
  'disk-full': 'boite-disque-plein',
  'read-only': 'boite-lecture-seule',
  unavailable: 'boite-indisponible',
  'no-free-key': 'boite-cle-libre',
} as const satisfies Partial<Record<MailboxFailure, BoxReason>>;

/** A mailbox failure in the catalogue's words; where the folder names a path, and Redis' "other" (a service that is not Redis), differ. */
function mailboxFailure({ failure, mailbox: box, context }: MailboxError): Failure {
  const { path, code = '' } = context;
  switch (failure) {
    case 'no-permission':
      if (path === undefined) return fail('boite-droits', { box });
      return context.shared === true ? fail('boite-partagee-droits', { box, path }) : fail('boite-dossier-droits', { box, path });
    case 'unsafe-path':
      return fail('boite-chemin-refuse', { box, path: path ?? box });
    case 'not-a-folder':
      return fail('boite-pas-un-dossier', { box, path: path ?? box });
    case 'other':
      return path === undefined ? fail('boite-pas-redis', { box, code }) : fail('boite-dossier-illisible', { box, code });
    default:
      return fail(BOX_FAILURES[failure], { box });
  }
}
