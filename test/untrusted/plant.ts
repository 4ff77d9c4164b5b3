/** Helpers for the untrusted-note tests: plant a line into an ordinary handoff note and know its line number. */
import { handoffNote } from '../helpers/notes.js';

const MARK = '@@PLANTE-ICI@@';

export type Placement = 'texte' | 'bloc-de-code';

/**
 * An ordinary `handoffNote()` with `text` planted in `rubrique`, and the
 * 1-based line where the first line of `text` sits.
 * In « Commandes utiles », `texte` puts it between two code blocks and
 * `bloc-de-code` inside a ```bash block; elsewhere it goes between two
 * ordinary list items (or inside a ```bash block for `bloc-de-code`).
 */
export function plant(rubrique: string, text: string, placement: Placement = 'texte'): { note: string; line: number } {
  let section: string;
  if (rubrique === 'Commandes utiles') {
    section =
      placement === 'bloc-de-code'
        ? `\`\`\`bash\nnpm test\n${MARK}\nnpm run build\n\`\`\``
        : `\`\`\`bash\nnpm test\n\`\`\`\n\n${MARK}\n\n\`\`\`bash\nnpm run build\n\`\`\``;
  } else {
    section =
      placement === 'bloc-de-code'
        ? `- Les tests d’intégration passent en local.\n\n\`\`\`bash\n${MARK}\n\`\`\`\n\n- Prochaine revue prévue jeudi.`
        : `- Les tests d’intégration passent en local.\n${MARK}\n- Prochaine revue prévue jeudi.`;
  }
  const template = handoffNote({ sections: { [rubrique]: section } });
  const line = template.split('\n').findIndex((candidate) => candidate.includes(MARK)) + 1;
  if (line === 0) throw new Error('marker not found');
  return { note: template.replace(MARK, () => text), line };
}

/** Each ASCII character moved to the Unicode tag block (U+E0000 + code). */
export const toTagCharacters = (text: string) => [...text].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');

/** ASCII letters and punctuation as fullwidth forms (U+FF01–U+FF5E); spaces stay. */
export const toFullwidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

export const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
export const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
export const toHex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** Rubriques other than « Commandes utiles », to rotate planted lines through. */
export const PROSE_RUBRIQUES = [
  'État',
  'Reste à faire',
  'Décisions et raisons',
  'Impasses',
  'Écarts et corrections',
  'Conditions',
  'Objectif',
  'Fichiers clés',
];
