/**
 * What build.mjs embeds in every program (lexicon.ts reads it back): the
 * vocabulary sets the reading guard's patterns ask for, made by loading the
 * guard itself, so that they are the sets the sources would make.
 */
import './read-untrusted.js';
import { lexiconSnapshot } from './lexicon.js';

export const snapshot = (): string => lexiconSnapshot();
