/**
 * The phrase sets lexicon.ts builds while the guards load, cut and sorted, and
 * the futures it reads as imperatives:
 * undefined here, where lexicon.ts builds them (tests, tsx); build.mjs writes
 * them in when it bundles a program, taken from the same code loaded once, so a
 * program restores them instead of cutting some thousand phrases at each start.
 */
export const BUILT_PHRASE_SETS: ReadonlyMap<string, Array<[string, string[][]]>> | undefined = undefined;
/** The words of those sets that lexicon.ts's dictionary holds (see `knownWords`): written in with them. */
export const BUILT_WORDS: readonly string[] | undefined = undefined;
/** lexicon.ts's IMPERATIVE_OF_FUTURE, as pairs (see `imperativesOfFutures`): written in with them. */
export const BUILT_IMPERATIVES: ReadonlyArray<readonly [string, string]> | undefined = undefined;
