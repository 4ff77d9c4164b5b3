/** How a value someone else wrote is shown in a message or a listing: escaped, quoted, short. */
import { ESCAPED_IN_MESSAGES } from './hidden-characters.js';

/**
 * A value someone else wrote, with what could break a line, drive a terminal
 * or reorder the text shown escaped: C0 and C1 controls (\x1b, \x0a…), line and
 * paragraph separators and bidirectional controls (\u{2028}, \u{202e}…).
 */
export function escapeControls(value: string): string {
  return value.replace(ESCAPED_IN_MESSAGES, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Shows a user-supplied value in a message, quoted, escaped and shortened. */
export function quoteForMessage(value: string, max = 80): string {
  const visible = escapeControls(value);
  return `« ${visible.length > max ? `${visible.slice(0, max)}…` : visible} »`;
}
