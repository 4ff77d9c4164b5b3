/** How a value someone else wrote is shown in a message or a listing: escaped, quoted, short. */

/**
 * A value someone else wrote, with what could break a line, drive a terminal
 * or reorder the text shown escaped: C0 and C1 controls (\x1b, \x0a…), line and
 * paragraph separators and bidirectional controls (\u{2028}, \u{202e}…).
 */
export function escapeControls(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Shows a user-supplied value in a message, quoted, escaped and shortened. */
export function quoteForMessage(value: string, max = 80): string {
  const visible = escapeControls(value);
  return `« ${visible.length > max ? `${visible.slice(0, max)}…` : visible} »`;
}
