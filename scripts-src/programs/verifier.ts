import { type CheckReport, refusing, secretProblems } from '../lib/checks/problem.js';
import { readingJson, renderReport, renderSenderAlerts, reportJson } from '../lib/cli/report.js';
import { type Program, printJson, runProgram } from '../lib/cli/run.js';
import type { Guards } from '../lib/guards.js';
import { JsonSyntaxError } from '../lib/io/json-walk.js';
import { MAX_NOTE_BYTES, MAX_SESSION_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import { ExitCode } from '../lib/messages/exit-code.js';
import type { LocalSecretMatcher } from '../lib/secrets/find-local-secrets.js';
import type { Reading } from '../lib/untrusted/read-untrusted.js';
import { verifierCommandLine } from './command-lines/verifier.js';

const program: Program = {
  commandLine: verifierCommandLine,
  async main({ positionals, values, json }) {
    const secretsOnly = values.secrets === true;
    const results = [];
    // Loaded here, not at start-up: --help and usage errors never pay for the guards.
    const guards = await import('../lib/guards.js');
    const known = guards.senderSecrets();
    for (const path of positionals) results.push({ path, ...(await verify(guards, path, secretsOnly, known)) });
    if (json) {
      const shown = results.map(({ path, report, reading }) => ({ ...reportJson(path, report), ...(reading ? readingJson(reading) : {}) }));
      // One file: the object, as always; several: one object each.
      printJson(shown.length === 1 ? shown[0] : shown);
    } else process.stdout.write(results.map(({ path, report, reading }) => renderReport(path, report) + (reading ? renderSenderAlerts(reading) : '')).join(''));
    return results.some(({ report }) => refusing(report).length > 0) ? ExitCode.Refused : ExitCode.Success;
  },
};

async function verify(guards: Guards, path: string, secretsOnly: boolean, known: LocalSecretMatcher) {
  const { checkEncoding, checkNote, readNote } = guards;
  const data = await readInputFile(path, secretsOnly ? 'le fichier' : 'la note', secretsOnly ? MAX_SESSION_BYTES : MAX_NOTE_BYTES);
  const encoding = secretsOnly ? [] : checkEncoding(data);
  const report: CheckReport = secretsOnly
    ? await secretsReport(guards, data, known)
    : encoding.length > 0
      ? { problems: encoding }
      : await checkNote(data.toString('utf8'), known);
  // What the reader's guard will say about this note: reported to the author, never a reason to refuse.
  const reading = secretsOnly || encoding.length > 0 ? undefined : withoutHeldSecrets(guards, readNote(data.toString('utf8')), known);
  return { report, reading };
}

/** The reader's findings as the author sees them: a refused note may still hold a secret of this machine, masked whole in every excerpt. */
function withoutHeldSecrets({ maskLocalSecrets }: Guards, reading: Reading, known: LocalSecretMatcher): Reading {
  const mask = (findings: Reading['alertes']) => findings.map((finding) => ({ ...finding, excerpt: maskLocalSecrets(finding.excerpt, known) }));
  return { ...reading, alertes: mask(reading.alertes), vigilance: mask(reading.vigilance) };
}

/** A JSON document is scanned string by string; anything else (or invalid JSON) as text. */
async function secretsReport({ findSecrets, findSecretsInJson }: Guards, data: Buffer, known: LocalSecretMatcher): Promise<CheckReport> {
  const text = data.toString('utf8');
  if (/^\s*[[{]/.test(text)) {
    try {
      return { problems: secretProblems(await findSecretsInJson(data, known)) };
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
    }
  }
  return { problems: secretProblems(await findSecrets(text, known)) };
}

void runProgram(program);
