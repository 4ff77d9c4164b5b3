/** The JSON text of every vocabulary set the reading guard asks for (see lexicon.mjs). */
export function lexicon(): Promise<string>;
