/**
 * What every program shares: argument parsing, the one top-level catch that
 * turns errors into a French message and an exit code, and JSON output.
 * Programs never call process.exit.
 */

import { InvalidRequest, MailboxError, type MailboxFailure } from '../mailbox/errors.js';
import { type Command, hasSubcommands, type ProgramSpec, parse, renderHelp } from './command-line.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-code.js';

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

/**
 * Says in the command's own terms what a refused right means (Redis ACL NOPERM,
 * or a folder the user may not write), instead of the generic message.
 */
export async function explainDenied<T>(operation: Promise<T>, message: string, hint: string): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof MailboxError && error.failure === 'no-permission') {
      // A folder names the file and the mode to fix; Redis' refusal is the command's own (ACL).
      if (error.advice)
        throw new CliError(`droits insuffisants sur ${error.detail ?? error.mailbox} (${error.mailbox})`, ExitCode.Denied, error.advice, { cause: error });
      throw new CliError(`${message} (${error.mailbox})`, ExitCode.Denied, hint, { cause: error });
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
    process.stderr.write(`${name} : ${failure.message}\n${failure.hint ? `  → ${failure.hint}\n` : ''}`);
    if (json) printJson({ erreur: { code: failure.exitCode, message: failure.message, conseil: failure.hint ?? null } });
    if (failure.exitCode === ExitCode.Internal && process.env.CONTEXTE_DEBUG) {
      process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    }
    process.exitCode = failure.exitCode;
  }
}

interface Failure {
  message: string;
  hint?: string;
  exitCode: ExitCode;
}

function describeError(error: unknown): Failure {
  if (error instanceof CliError) return { message: error.message, hint: error.hint, exitCode: error.exitCode };
  if (error instanceof InvalidRequest) return { message: error.message, hint: error.hint, exitCode: ExitCode.Usage };
  if (error instanceof MailboxError) return describeMailboxError(error);
  return {
    message: 'erreur interne inattendue',
    hint: 'Relancez avec CONTEXTE_DEBUG=1 pour la trace, et signalez-la.',
    exitCode: ExitCode.Internal,
  };
}

const mailboxMessages: Record<MailboxFailure, [ExitCode, (box: string) => string, string?]> = {
  refused: [ExitCode.Unavailable, (box) => `connexion refusée par ${box}`, 'Le serveur Redis est-il démarré ? Vérifiez REDIS_HOST et REDIS_PORT.'],
  unreachable: [ExitCode.Unavailable, (box) => `${box} est injoignable (aucune route réseau)`, 'Vérifiez REDIS_HOST et le réseau.'],
  timeout: [ExitCode.Unavailable, (box) => `${box} ne répond pas à temps`, 'Vérifiez l’adresse, le réseau et que le serveur n’est pas bloqué.'],
  'unknown-host': [ExitCode.Unavailable, (box) => `hôte inconnu : ${box}`, 'Vérifiez REDIS_HOST (ou REDIS_URL).'],
  tls: [ExitCode.Unavailable, (box) => `échec de la connexion TLS à ${box}`, 'Vérifiez que le serveur parle TLS et que son certificat est reconnu.'],
  'auth-required': [ExitCode.Denied, (box) => `${box} demande un mot de passe`, 'Définissez REDISCLI_AUTH dans le terminal qui lance OpenCode.'],
  'auth-failed': [
    ExitCode.Denied,
    (box) => `authentification refusée par ${box} : utilisateur ou mot de passe incorrect`,
    'Vérifiez REDISCLI_AUTH (et REDIS_USERNAME).',
  ],
  'no-permission': [
    ExitCode.Denied,
    (box) => `droits insuffisants sur ${box} pour cette opération (ACL)`,
    'Votre utilisateur Redis n’a pas ce droit : voyez avec qui administre la boîte.',
  ],
  'out-of-memory': [
    ExitCode.Unavailable,
    (box) => `${box} est plein (maxmemory atteint) : rien n’a été écrit`,
    'Voyez avec qui administre la boîte (maxmemory, ou des notes à retirer).',
  ],
  'disk-full': [
    ExitCode.Unavailable,
    (box) => `le disque de ${box} est plein : rien n’a été écrit`,
    'Libérez de la place sur ce disque, ou retirez des notes (recuperer supprimer).',
  ],
  'read-only': [ExitCode.Unavailable, (box) => `${box} est en lecture seule (réplique) : rien n’a été écrit`, 'Pointez REDIS_HOST vers le serveur principal.'],
  unavailable: [ExitCode.Unavailable, (box) => `${box} est indisponible (cluster incomplet ?)`, 'Réessayez plus tard ou voyez avec qui administre la boîte.'],
  'unsafe-path': [ExitCode.Denied, (box) => `chemin refusé dans ${box}`, 'Un lien ou un fichier a pris la place d’un dossier de la boîte : retirez-le.'],
  'no-free-key': [ExitCode.Conflict, (box) => `aucune clé libre trouvée sur ${box} pour cette minute`, 'Réessayez dans une minute.'],
  other: [
    ExitCode.Unavailable,
    (box) => `erreur de ${box}`,
    'Vérifiez que l’adresse désigne bien un serveur Redis disponible (REDIS_HOST, REDIS_PORT ou REDIS_URL), puis réessayez.',
  ],
};

function describeMailboxError(error: MailboxError): Failure {
  const [exitCode, message, hint] = mailboxMessages[error.failure];
  const detail = (error.failure === 'other' || error.failure === 'unsafe-path') && error.detail ? ` (${error.detail})` : '';
  return { message: `${message(error.mailbox)}${detail}`, hint: error.advice ?? hint, exitCode };
}
