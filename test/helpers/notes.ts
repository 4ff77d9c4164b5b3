/** Handoff notes as the partager-contexte skill writes them, for tests. */
import { RUBRIQUES } from '../../scripts-src/lib/checks/rubriques.js';

export { RUBRIQUES };

export function handoffNote(options: { auteur?: string; equipe?: string; extra?: string; sections?: Record<string, string> } = {}): string {
  const { auteur = 'alice', equipe = 'catalogue', extra = '', sections = {} } = options;
  const body = RUBRIQUES.map((rubrique, index) => `## ${index + 1}. ${rubrique}\n\n${sections[rubrique] ?? defaultSection(rubrique)}\n`).join('\n');
  return `---
titre: Migration du catalogue vers HTTP
auteur: ${auteur}
equipe: ${equipe}
date: 2026-12-02
resume: Transport HTTP en place, tests verts sauf l'import CSV.
branche: feature/http
commit: 3f2c1ab
---

# Passation : migration du catalogue

${body}
${extra}`;
}

function defaultSection(rubrique: string): string {
  switch (rubrique) {
    case 'Objectif':
      return 'Remplacer le transport stdio du serveur catalogue par HTTP.';
    case 'État':
      return 'Les tests passent (`npm test`), sauf `test_import_csv`.';
    case 'Commandes utiles':
      return '```bash\nnpm test\nnpm run build\n```';
    case 'Fichiers clés':
      return '- `src/server.ts` : point d’entrée\n- `src/transport/http.ts` : transport HTTP';
    default:
      return 'inconnu';
  }
}

/** The same note with its header naming this team and author, as publier requires of what it publishes. */
export function namedFor<T extends string | Buffer>(content: T, team: string, author: string): T {
  const rename = (text: string) => text.replace(/^auteur: .*$/m, `auteur: ${author}`).replace(/^equipe: .*$/m, `equipe: ${team}`);
  return (typeof content === 'string' ? rename(content) : Buffer.from(rename(content.toString('utf8')), 'utf8')) as T;
}
