/** How a value someone else wrote is shown in a message or a listing: escaped, quoted, short. */

/** A user-supplied value with its control characters escaped (\x1b, \x0a…): it cannot break a line or drive a terminal. */
export function escapeControls(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Shows a user-supplied value in a message, quoted, escaped and shortened. */
export function quoteForMessage(value: string, max = 80): string {
  const visible = escapeControls(value);
  return `« ${visible.length > max ? `${visible.slice(0, max)}…` : visible} »`;
}
