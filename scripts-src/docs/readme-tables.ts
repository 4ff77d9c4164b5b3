/**
 * The README's exit-code and environment tables, generated from the programs'
 * declared command lines. `npm run docs` rewrites them between their markers;
 * a test fails when the README and the declarations disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { exitCodesOf } from '../lib/cli/command-line.js';
import { ENVIRONMENT, type EnvironmentVariable } from '../lib/cli/environment.js';
import { exitCodeHelp } from '../lib/messages/exit-code.js';
import { COMMAND_LINES } from '../programs/command-lines/all.js';

const cell = (text: string) => text.replaceAll('|', '\\|');

function exitCodesTable(): string {
  const rows = exitCodeHelp.map(([code, meaning]) => {
    const programs = COMMAND_LINES.filter((spec) => exitCodesOf(spec).some(([returned]) => returned === code)).map((spec) => `\`${spec.name}\``);
    return `| ${code} | ${cell(meaning)} | ${programs.join(', ')} |`;
  });
  return ['| Code | Sens | Programmes |', '| --- | --- | --- |', ...rows].join('\n');
}

function environmentTable(): string {
  const rows = (Object.keys(ENVIRONMENT) as EnvironmentVariable[]).map((name) => {
    const programs = COMMAND_LINES.filter((spec) => spec.environment.includes(name)).map((spec) => `\`${spec.name}\``);
    return `| \`${name}\` | ${cell(ENVIRONMENT[name])} | ${programs.join(', ') || 'tous'} |`;
  });
  return ['| Variable | Rôle | Lue par |', '| --- | --- | --- |', ...rows].join('\n');
}

const README_TABLES = { 'codes-de-sortie': exitCodesTable, environnement: environmentTable };

/** The README with each generated table replaced between `<!-- table générée : name (npm run docs) -->` and `<!-- fin de table -->`. */
export function withTables(readme: string): string {
  let text = readme;
  for (const [name, render] of Object.entries(README_TABLES)) {
    const start = `<!-- table générée : ${name} (npm run docs) -->\n`;
    const end = '\n<!-- fin de table -->';
    const from = text.indexOf(start);
    const to = text.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`README.md: markers of table ${name} not found`);
    text = `${text.slice(0, from + start.length)}${render()}${text.slice(to)}`;
  }
  return text;
}

if (process.argv[1]?.endsWith('readme-tables.ts')) {
  const path = new URL('../../README.md', import.meta.url);
  writeFileSync(path, withTables(readFileSync(path, 'utf8')));
}
