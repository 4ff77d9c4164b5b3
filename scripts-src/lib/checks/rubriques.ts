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

export { normalizeHeading } from '../text/markdown-model.js';
