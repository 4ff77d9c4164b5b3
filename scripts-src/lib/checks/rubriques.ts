/** The nine rubriques of a handoff note, in their order (the workshop's partager-contexte skill). */
export const RUBRIQUES = [
  'Objectif',
  'État',
  'Décisions et raisons',
  'Écarts et corrections',
  'Impasses',
  'Fichiers clés',
  'Commandes utiles',
  'Reste à faire',
  'Conditions',
] as const;

/** Lower-case, without accents, numbering or emphasis: « ## 2. **État** » → « etat ». */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^#+\s*/, '')
    .replace(/^\d+\s*[.)-]?\s*/, '')
    .replace(/[*_`]/g, '')
    .trim()
    .toLowerCase();
}
