/**
 * The one way a field that comes from the mailbox is shown, on a terminal or in
 * JSON: a key, an index field name, a title, a journal field, an audit finding.
 * A teammate chose its bytes and its length, so it is cut to a bound first,
 * then what could drive a terminal, break a line or reorder the text is
 * escaped (escapeControls), then the secret guard masks what it holds.
 */
import { maskSecrets } from '../secrets/find-secrets.js';
import { escapeControls } from '../text/quote.js';

/** Longest field shown, in characters: a line of a listing, never a teammate's 30 MB. */
export const SHOWN_FIELD_MAX = 300;

export function shownFromMailbox(value: string, max = SHOWN_FIELD_MAX): string {
  const cut = value.length > max;
  const shown = maskSecrets(escapeControls(cut ? value.slice(0, max) : value));
  return cut ? `${shown}…` : shown;
}
