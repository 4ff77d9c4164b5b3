/**
 * A program's command line, declared once: its subcommands, arguments, options,
 * environment and exit codes. From that one table come the parser (pure, tested
 * in-process), the `--help` of the program and of each subcommand, and the
 * README's tables. A program never reads argv itself.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ExitCode, exitCodeHelp } from '../messages/exit-code.js';
import { fail } from '../messages/failure.js';
import { quoteForMessage } from '../text/quote.js';
import { ENVIRONMENT, type EnvironmentVariable } from './environment.js';

export interface OptionSpec {
  /** Without the dashes: `equipe` for --equipe. */
  name: string;
  /** The value's placeholder (`<e>`); a flag has none. */
  value?: string;
  help: string;
}

export interface ArgumentSpec {
  /** As shown in the usage line: `<cle>`, `[fichier | -]`, `<note>…`. */
  shown: string;
  optional?: boolean;
  /** Takes every remaining argument. */
  repeated?: boolean;
  help?: string;
}

export interface CommandSpec {
  /** The subcommand (`get`); undefined for a program that has none. */
  name?: string;
  summary: string;
  arguments: ArgumentSpec[];
  /** Names of the program's options this command takes (--json, --help and --version are always accepted). */
  options: string[];
  /** Options without which the command cannot run. */
  required?: string[];
  /** The option that confirms what cannot be undone (`purger --oui`): shown as required; the program refuses its absence with its own message. */
  confirmedBy?: string;
  /** What --json prints for this command; undefined when it has no --json. */
  json?: string;
  /** The exit codes this command can return (70 is always possible and added by the help). */
  exitCodes: ExitCode[];
}

export interface ProgramSpec {
  name: string;
  /** How the program is started when that is not its bare name (`npx contexte-skills`). */
  invocation?: string;
  /** Extra usage lines, after the generated ones. */
  usageNotes?: string[];
  description: string;
  commands: CommandSpec[];
  options: OptionSpec[];
  environment: EnvironmentVariable[];
  /** Free text after the options (limits, key shapes). */
  notes?: string;
  /** This program's meaning of an exit code, where the shared one is too vague. */
  meanings: Partial<Record<ExitCode, string>>;
}

type OptionValues = Record<string, string | boolean | undefined>;

/** What the program is asked to do: the parse of argv against its table. */
export interface Command {
  name: string | undefined;
  positionals: string[];
  values: OptionValues;
  json: boolean;
}

const JSON_OPTION = 'json';

export function hasSubcommands(spec: ProgramSpec): boolean {
  return spec.commands.some((command) => command.name !== undefined);
}

/** Pure: argv against the table, or a usage Failure in French that names what is wrong and the usage to follow. */
export function parse(spec: ProgramSpec, argv: string[]): Command {
  const { values, positionals } = tokenize(spec, argv);
  // A named command is chosen by the first argument; a program may also have one unnamed command (publier <fichier> …, publier identite).
  const named = spec.commands.find((candidate) => candidate.name !== undefined && candidate.name === positionals[0]);
  const command = named ?? spec.commands.find((candidate) => candidate.name === undefined);
  if (command === undefined) {
    const name = positionals[0];
    const commands = spec.commands.map((candidate) => candidate.name).join(', ');
    throw name === undefined ? fail('commande-manquante', { program: spec.name, commands }) : fail('commande-inconnue', { program: spec.name, name, commands });
  }
  const rest = named ? positionals.slice(1) : positionals;
  const usage = usageLine(spec, command);
  const accepted = new Set([...command.options, ...(command.json !== undefined ? [JSON_OPTION] : [])]);
  const misplaced = Object.keys(values).filter((option) => values[option] !== undefined && !accepted.has(option));
  if (misplaced.length > 0) {
    const where = command.name ?? spec.name;
    throw fail('option-sans-objet', { options: misplaced.map((option) => `--${option}`).join(', '), where, usage });
  }
  const min = command.arguments.filter((argument) => !argument.optional).length;
  const max = command.arguments.some((argument) => argument.repeated) ? Number.POSITIVE_INFINITY : command.arguments.length;
  if (rest.length < min) {
    const missing = command.arguments.slice(rest.length, min).map((argument) => argument.shown);
    throw fail('argument-manquant', { missing: missing.join(' '), usage });
  }
  if (rest.length > max) throw fail('trop-d-arguments', { max, given: rest.length, usage });
  const absent = (command.required ?? []).filter((option) => values[option] === undefined);
  if (absent.length > 0) throw fail('option-manquante', { options: absent.map((option) => `--${option}`).join(', '), usage });
  return { name: command.name, positionals: rest, values, json: values[JSON_OPTION] === true };
}

function tokenize(spec: ProgramSpec, argv: string[]): { values: OptionValues; positionals: string[] } {
  const options: NonNullable<ParseArgsConfig['options']> = { [JSON_OPTION]: { type: 'boolean' } };
  for (const option of spec.options) options[option.name] = { type: option.value === undefined ? 'boolean' : 'string' };
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as OptionValues, positionals };
  } catch (error) {
    // Node's parser speaks English and quotes what it read: only the option's name is kept, never a value.
    const message = (error as Error).message;
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    const code = (error as { code?: string }).code;
    const shown = option === undefined ? 'une option' : /^-{1,2}[A-Za-z0-9][\w-]*$/.test(option) ? option : quoteForMessage(option, 40);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw fail('valeur-manquante', { program: spec.name, option: shown });
    const suggestion = option === undefined ? undefined : closestOption(option, [...spec.options.map((known) => known.name), JSON_OPTION]);
    throw fail('option-inconnue', { program: spec.name, option: shown, ...(suggestion ? { suggestion: `--${suggestion}` } : {}) });
  }
}

/** The declared option a typo most likely meant (`--tll` → `ttl`): at most two edits away, a swap of two letters counting one. */
function closestOption(typed: string, names: string[]): string | undefined {
  const word = typed.replace(/^-+/, '').split('=')[0]!.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance <= Math.min(2, Math.floor(name.length / 2)) && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), for words of a few letters. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  return rows[a.length]![b.length]!;
}

function usageLine(spec: ProgramSpec, command: CommandSpec): string {
  const options = command.options.map((name) => {
    const shown = optionShown(optionOf(spec, name));
    return command.required?.includes(name) || command.confirmedBy === name ? shown : `[${shown}]`;
  });
  return [
    spec.invocation ?? spec.name,
    command.name,
    ...command.arguments.map((argument) => argument.shown),
    ...options,
    ...(command.json !== undefined ? ['[--json]'] : []),
  ]
    .filter(Boolean)
    .join(' ');
}

function optionOf(spec: ProgramSpec, name: string): OptionSpec {
  const option = spec.options.find((candidate) => candidate.name === name);
  if (option === undefined) throw new Error(`${spec.name}: option --${name} is used by a command but not declared`);
  return option;
}

/** The help of the program, or of one of its subcommands (`recuperer get --help`). */
export function renderHelp(spec: ProgramSpec, commandName?: string): string {
  const one = commandName === undefined ? undefined : spec.commands.find((command) => command.name === commandName);
  const commands = one ? [one] : spec.commands;
  const usage = commands.map((command, index) => `${index === 0 ? 'Usage : ' : '        '}${usageLine(spec, command)}`);
  const sections = [[...usage, ...(one ? [] : (spec.usageNotes ?? []).map((note) => `        ${note}`))].join('\n')];
  sections.push(one ? wrap(`${one.summary[0]!.toUpperCase()}${one.summary.slice(1)}`, 80, '') : spec.description.trimEnd());
  if (!one && hasSubcommands(spec)) {
    sections.push(
      table(
        'Commandes :',
        spec.commands.map((command) => [[command.name, ...command.arguments.map((a) => a.shown)].filter(Boolean).join(' '), command.summary]),
      ),
    );
  }
  const described = commands.flatMap((command) => command.arguments.filter((argument) => argument.help !== undefined));
  if (described.length > 0) sections.push(table('Arguments :', unique(described.map((argument) => [argument.shown, argument.help!]))));
  const optionNames = new Set(commands.flatMap((command) => command.options));
  const jsonShapes = commands.filter((command) => command.json !== undefined);
  const optionRows = spec.options.filter((option) => optionNames.has(option.name)).map((option) => [optionShown(option), option.help]);
  if (jsonShapes.length > 0) {
    const shapes =
      jsonShapes.length === 1
        ? ` : ${jsonShapes[0]!.json}`
        : `, selon la commande — ${jsonShapes.map((command) => `${command.name ?? command.arguments.map((argument) => argument.shown).join(' ')} : ${command.json}`).join(' ; ')}`;
    optionRows.push(['--json', `affiche en JSON${shapes}`]);
  }
  optionRows.push(['--version', 'affiche la version']);
  optionRows.push([
    '-h, --help',
    hasSubcommands(spec) && !one ? `affiche cette aide ; ${spec.name} <commande> --help : l’aide d’une commande` : 'affiche cette aide',
  ]);
  sections.push(table('Options :', optionRows));
  const variables = unique(spec.environment.map((name) => [name, ENVIRONMENT[name]]));
  if (variables.length > 0) sections.push(table('Environnement :', variables));
  if (spec.notes && !one) sections.push(spec.notes.trimEnd());
  sections.push(exitCodesSection(spec, one));
  return `${sections.join('\n\n')}\n`;
}

function optionShown(option: OptionSpec): string {
  return option.value === undefined ? `--${option.name}` : `--${option.name} ${option.value}`;
}

/** The exit codes a program (or one command) can return, each with its meaning there, 70 last. */
export function exitCodesOf(spec: ProgramSpec, command?: CommandSpec): Array<[ExitCode, string]> {
  const codes = new Set((command ? [command] : spec.commands).flatMap((candidate) => candidate.exitCodes));
  codes.add(ExitCode.Internal);
  return exitCodeHelp.filter(([code]) => codes.has(code)).map(([code, shared]) => [code, spec.meanings[code] ?? shared]);
}

function exitCodesSection(spec: ProgramSpec, command?: CommandSpec): string {
  return table(
    'Codes de sortie :',
    exitCodesOf(spec, command).map(([code, meaning]) => [String(code).padStart(2), meaning]),
  );
}

function unique(rows: string[][]): string[][] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row[0]!) && seen.add(row[0]!));
}

/** Two columns: the names, then their text wrapped to 80 columns under itself. */
function table(title: string, rows: string[][]): string {
  // A name longer than 24 characters takes its own line rather than pushing every text to the right.
  const width = Math.max(...rows.map(([name]) => (name!.length <= 24 ? name!.length : 0))) + 2;
  const indent = ' '.repeat(2 + width);
  const lines = rows.flatMap(([name, text]) => {
    const body = wrap(text!, 80 - indent.length, indent).trimStart();
    return name!.length + 2 > width ? [`  ${name}`, `${indent}${body}`] : [`  ${name!.padEnd(width)}${body}`];
  });
  return [title, ...lines].join('\n');
}

/** Greedy word wrap; every line after the first starts with `indent`. */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  // French spacing stays with its word: « x », a ; b, a : b, « ex. x » never break at the guillemet, before the sign or after « ex. ».
  const glued = text
    .replace(/« /g, '«\u00a0')
    .replace(/ ([»;:?!])/g, '\u00a0$1')
    .replace(/\bex\. /g, 'ex.\u00a0');
  for (const word of glued.split(/[ \t\r\n]+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((content, index) => (index === 0 ? content : `${indent}${content}`).replaceAll('\u00a0', ' ')).join('\n');
}
