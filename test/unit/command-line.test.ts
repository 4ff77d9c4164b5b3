/** The declared command lines: the pure parser, the help generated from them, and the README tables that must agree with them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTables } from '../../scripts-src/docs/readme-tables.js';
import { type Command, exitCodesOf, type ProgramSpec, parse, renderHelp } from '../../scripts-src/lib/cli/command-line.js';
import { ENVIRONMENT } from '../../scripts-src/lib/cli/environment.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';
import { adminCommandLine } from '../../scripts-src/programs/command-lines/admin.js';
import { COMMAND_LINES } from '../../scripts-src/programs/command-lines/all.js';
import { publierCommandLine } from '../../scripts-src/programs/command-lines/publier.js';
import { recupererCommandLine } from '../../scripts-src/programs/command-lines/recuperer.js';
import { verifierCommandLine } from '../../scripts-src/programs/command-lines/verifier.js';

const repoRoot = join(import.meta.dirname, '..', '..');

function refusal(spec: ProgramSpec, argv: string[]): { message: string; hint: string } {
  try {
    parse(spec, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(Failure);
    return { message: (error as Failure).message, hint: (error as Failure).advice ?? '' };
  }
  throw new Error(`${spec.name} accepted ${JSON.stringify(argv)}`);
}

describe('parse', () => {
  it('reads a subcommand, its arguments and its options, in any order', () => {
    expect(parse(recupererCommandLine, ['get', '--force', 'contexte:e:a:20261202-1412', 'out.md'])).toEqual<Command>({
      name: 'get',
      positionals: ['contexte:e:a:20261202-1412', 'out.md'],
      values: { force: true },
      json: false,
    });
    expect(parse(recupererCommandLine, ['--equipe=catalogue', 'journal', '--depuis', '2h', '--json'])).toMatchObject({
      name: 'journal',
      values: { equipe: 'catalogue', depuis: '2h' },
      json: true,
    });
    expect(parse(verifierCommandLine, ['a.md', 'b.md', 'c.md']).positionals).toEqual(['a.md', 'b.md', 'c.md']);
    expect(parse(publierCommandLine, ['note.md', 'catalogue']).positionals).toEqual(['note.md', 'catalogue']);
  });

  it.each([
    [recupererCommandLine, [], 'aucune commande n’est donnée', 'list, get, prendre, confiance, attendre, supprimer, purger, journal, boite'],
    [recupererCommandLine, ['effacer'], 'commande inconnue : « effacer »', 'Commandes de recuperer'],
    [recupererCommandLine, ['get'], 'argument manquant : <cle>', 'Usage : recuperer get <cle>'],
    [recupererCommandLine, ['list', 'a', 'b'], 'trop d’arguments : 1 au plus, 2 donnés', 'Usage : recuperer list [motif]'],
    [recupererCommandLine, ['get', 'k', '--equipe', 'x'], '--equipe ne s’applique pas à get', 'Usage : recuperer get'],
    [recupererCommandLine, ['journal'], 'option manquante : --equipe', 'Usage : recuperer journal --equipe <e>'],
    [recupererCommandLine, ['boite', '--nope'], 'option inconnue : --nope', 'recuperer --help'],
    [publierCommandLine, ['n.md', 'e', '--ttl', '--json'], '--ttl n’a pas de valeur (ou elle commence par un tiret)', 'Écrivez --ttl=<valeur>'],
    [publierCommandLine, ['a', 'b', 'c', 'd', 'e'], 'trop d’arguments : 4 au plus, 5 donnés', 'Usage : publier <fichier> <equipe>'],
    [verifierCommandLine, [], 'argument manquant : <fichier>…', 'Usage : verifier <fichier>…'],
    [adminCommandLine, ['revoquer', 'bob', '--fichier-mot-de-passe', 'f'], '--fichier-mot-de-passe ne s’applique pas à revoquer', 'Usage : admin revoquer'],
    [adminCommandLine, ['audit', 'x', '--equipe', 'e'], 'trop d’arguments : 0 au plus, 1 donnés', 'Usage : admin audit --equipe <e>'],
  ] as const)('%#: refuses a command line with a message and the usage to follow', (spec, argv, message, hint) => {
    const refused = refusal(spec, [...argv]);
    expect(refused.message).toBe(message);
    expect(refused.hint).toContain(hint);
  });

  it('never repeats the value given to an option, which may be a password typed in the wrong place', () => {
    const secret = 'Mot-De-Passe-123456';
    for (const argv of [['get', 'k', `--equipe=${secret}`], [`--equipe=${secret}`], ['boite', `--depuis=${secret}`]]) {
      const { message, hint } = refusal(recupererCommandLine, argv);
      expect(`${message} ${hint}`).not.toContain(secret.slice(0, 12));
    }
  });

  it('answers any command line with a Command or a Failure, nothing else', () => {
    const token = fc.oneof(fc.constantFrom('get', 'list', 'journal', '--equipe', '--json', '--force', '-x', '--', '-', 'k'), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.constantFrom(...COMMAND_LINES), fc.array(token, { maxLength: 6 }), (spec, argv) => {
        try {
          const command = parse(spec, argv);
          expect(spec.commands.some((declared) => declared.name === command.name)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(Failure);
          expect((error as Failure).advice).toBeTruthy();
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the help generated from each declaration', () => {
  it.each(COMMAND_LINES.map((spec) => [spec.name, spec] as const))('%s: every option, command and exit code it declares, once', (_, spec) => {
    const help = renderHelp(spec);
    const section = (title: string) => help.slice(help.indexOf(title)).split('\n\n')[0]!;
    for (const option of spec.options) expect(section('Options :').match(new RegExp(`^  --${option.name}\\b`, 'gm'))).toHaveLength(1);
    for (const command of spec.commands) if (command.name) expect(section('Commandes :')).toMatch(new RegExp(`^  ${command.name}\\b`, 'm'));
    const listed = [...section('Codes de sortie :').matchAll(/^ +(\d+) {2}/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual(exitCodesOf(spec).map(([code]) => code));
    for (const variable of spec.environment) expect(section('Environnement :')).toContain(`  ${variable} `);
    for (const line of help.split('\n')) if (!line.startsWith('Usage') && !line.startsWith('        ')) expect(line.length).toBeLessThanOrEqual(88);
  });

  it('declares every option a command uses, and uses every option it declares', () => {
    for (const spec of COMMAND_LINES) {
      const used = new Set(spec.commands.flatMap((command) => [...command.options, ...(command.required ?? [])]));
      expect(
        [...used].filter((name) => !spec.options.some((option) => option.name === name)),
        spec.name,
      ).toEqual([]);
      expect(
        spec.options.filter((option) => !used.has(option.name)).map((option) => option.name),
        spec.name,
      ).toEqual([]);
    }
  });

  it('gives a subcommand its own help: its usage, its options, its exit codes only', () => {
    const help = renderHelp(recupererCommandLine, 'supprimer');
    expect(help).toMatch(/^Usage : recuperer supprimer <cle> \[--json\]\n/);
    expect(help).not.toContain('--equipe');
    expect([...help.matchAll(/^ +(\d+) {2}/gm)].map((match) => Number(match[1]))).toEqual([0, 2, 3, 4, 5, 70]);
  });

  it('shows the confirmation a command cannot run without as required, as the README writes it', () => {
    expect(renderHelp(recupererCommandLine, 'purger')).toMatch(/^Usage : recuperer purger --equipe <e> --oui \[--json\]\n/);
    // Without it, the program's own refusal says what would have been removed (not the parser's « option manquante »).
    expect(() => parse(recupererCommandLine, ['purger', '--equipe', 'catalogue'])).not.toThrow();
  });
});

describe('an option mistyped', () => {
  it.each([
    [['n.md', 'e', '--tll', '2h'], '--ttl'],
    [['n.md', 'e', '--modif'], '--modifs'],
    [['n.md', 'e', '--jsno'], '--json'],
    [['n.md', 'e', '--non-expurgé'], '--non-expurge'],
  ])('%j suggests %s', (argv, suggestion) => {
    const failure = (() => {
      try {
        parse(publierCommandLine, argv);
      } catch (error) {
        return error as Failure;
      }
      throw new Error('accepted');
    })();
    expect(failure.reason).toBe('option-inconnue');
    expect(failure.advice).toContain(`Voulez-vous dire ${suggestion} ?`);
  });

  it('suggests nothing for a word far from every option', () => {
    expect(() => parse(publierCommandLine, ['n.md', 'e', '--couleur'])).toThrow(
      expect.objectContaining({ advice: expect.not.stringContaining('Voulez-vous dire') }),
    );
  });
});

describe('the skills', () => {
  it.each([
    ['publier-contexte', publierCommandLine],
    ['recuperer-contexte', recupererCommandLine],
  ] as const)('%s tells the agent what to do for every exit code its program returns (70 aside)', (skill, spec) => {
    const text = readFileSync(join(repoRoot, 'skills', skill, 'SKILL.md'), 'utf8');
    const rows = [...text.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(rows).toEqual(
      exitCodesOf(spec)
        .map(([code]) => code)
        .filter((code) => code !== 70),
    );
  });
});

describe('the README', () => {
  it('holds the exit-code and environment tables generated from the declarations (npm run docs rewrites them)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toBe(withTables(readme));
  });

  it('documents every environment variable the programs read (HOME and XDG_* aside)', () => {
    const folder = join(repoRoot, 'scripts-src');
    const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(folder, file), 'utf8'))
      .join('\n');
    const read = new Set([...sources.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!));
    const documented = new Set(Object.keys(ENVIRONMENT));
    expect([...read].filter((name) => !documented.has(name) && name !== 'HOME' && !name.startsWith('XDG_')).sort()).toEqual([]);
  });
});
