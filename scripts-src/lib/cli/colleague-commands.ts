/**
 * The `get` commands that fetch a publication, as the colleague runs them from
 * the project's root: this pack's recuperer program (in the recuperer-contexte
 * skill, beside every skill of the pack), named from the current folder; the
 * note in the safe view, then its export and its work in progress.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

export function getCommands(noteKey: string, companions: Array<string | undefined>): string[] {
  const program = recupererProgram();
  return [`${program} get ${noteKey} --cadre`, ...companions.filter((key): key is string => key !== undefined).map((key) => `${program} get ${key}`)];
}

/** The commands as printed under « Pour le collègue » or after `attendre`: one per line, indented. */
export const commandLines = (commands: string[]): string => commands.map((command) => `  ${command}\n`).join('');

function recupererProgram(): string {
  const sibling = resolve(dirname(process.argv[1] ?? ''), '..', '..', 'recuperer-contexte', 'scripts', 'recuperer.js');
  if (!existsSync(sibling)) return 'recuperer';
  const fromHere = relative(process.cwd(), sibling);
  const shown = fromHere.startsWith('..') || isAbsolute(fromHere) ? sibling : fromHere;
  return `node ${/^[\w./-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", "'\\''")}'`}`;
}
