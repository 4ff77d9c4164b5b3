/**
 * How a check report is shown: French lines for people and agents, or JSON.
 * Never the secret: problems carry masked excerpts only.
 */
import { accepted, refusing, type CheckReport, type Problem } from './checks/problem.js';

export function renderReport(file: string, report: CheckReport): string {
  const refused = refusing(report);
  const lines = refused.length === 0 ? [`${file} : aucun problème trouvé.`] : [`${file} : ${refused.length} problème(s).`];
  lines.push(...refused.map((problem) => `  ${describe(problem)}`));
  const kept = accepted(report);
  if (kept.length > 0) {
    lines.push(`  ${kept.length} constat(s) accepté(s) par le marqueur <!-- contexte:autorise --> :`);
    lines.push(...kept.map((problem) => `    ${describe(problem)}`));
  }
  return `${lines.join('\n')}\n`;
}

function describe(problem: Problem): string {
  const where = [problem.path ? `chemin ${problem.path}` : '', problem.line !== undefined ? `ligne ${problem.line}` : ''].filter(Boolean).join(', ');
  return `${where ? `${where} ` : ''}[${problem.rule}] ${problem.message}${problem.excerpt ? ` : ${problem.excerpt}` : ''}`;
}

/** The `--json` shape of one checked file (documented in the README). */
export function reportJson(file: string, report: CheckReport) {
  return {
    fichier: file,
    ok: refusing(report).length === 0,
    problemes: report.problems.map((problem) => ({
      regle: problem.rule,
      message: problem.message,
      ligne: problem.line ?? null,
      chemin: problem.path ?? null,
      extrait: problem.excerpt ?? null,
      accepte: problem.accepted,
    })),
    acceptes: accepted(report).length,
  };
}
