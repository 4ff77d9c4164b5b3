/**
 * Text hidden in base64 or hex, whole or in chunks (`"aWdub3Jl" + "IHRo…"`,
 * a run split over several lines): every run that decodes to readable text.
 * One pass over the candidate tokens; adjacent chunks are joined.
 */
export interface DecodedRun {
  /** Offset of the run's first chunk in the text. */
  index: number;
  decoded: string;
}

const BASE64_TOKEN = /[A-Za-z0-9+/_-]{4,}={0,2}/g;
/** What may separate two chunks of one encoded string: quotes, spaces, `+`, commas, a line break. */
const CHUNK_GAP = /^["'`\s+,\\]{1,8}$/;
const MIN_ENCODED = 12;

export function decodedRuns(text: string): DecodedRun[] {
  const found: DecodedRun[] = [];
  let group: { index: number; end: number; parts: string[] } | undefined;
  const close = () => {
    if (!group) return;
    const joined = group.parts.join('');
    if (joined.length >= MIN_ENCODED) {
      const decoded = decodeBase64(joined);
      if (decoded) found.push({ index: group.index, decoded });
      else if (group.parts.length > 1) {
        // Not one encoded string: each long chunk on its own.
        for (const part of group.parts) {
          const single = part.length >= MIN_ENCODED ? decodeBase64(part) : undefined;
          if (single) found.push({ index: group.index, decoded: single });
        }
      }
    }
    group = undefined;
  };
  for (const match of text.matchAll(BASE64_TOKEN)) {
    const index = match.index!;
    const token = match[0];
    if (!looksEncoded(token)) {
      close();
      continue;
    }
    if (group && CHUNK_GAP.test(text.slice(group.end, index)) && !/=$/.test(group.parts[group.parts.length - 1]!)) {
      group.parts.push(token);
      group.end = index + token.length;
    } else {
      close();
      group = { index, end: index + token.length, parts: [token] };
    }
  }
  close();
  for (const match of text.matchAll(
    /(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}){10,}(?![0-9a-fA-F])|(?:\\x[0-9a-fA-F]{2}){6,}|(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}[ :]){9,}[0-9a-fA-F]{2}(?![0-9a-fA-F])/g,
  )) {
    const decoded = readable(Buffer.from(match[0].replace(/\\x|[ :]/g, ''), 'hex'));
    if (decoded) found.push({ index: match.index!, decoded });
  }
  return found;
}

/** A chunk of an encoded string, not a word: digits, symbols, or mixed case over eight characters. */
const looksEncoded = (token: string) => /[\d+/=]/.test(token) || (token.length >= 8 && /[A-Z]/.test(token) && /[a-z]/.test(token));

function decodeBase64(token: string): string | undefined {
  // Encoded text mixes cases or digits; words and identifiers seldom do.
  if (!/[A-Z]/.test(token) || !/[a-z]/.test(token)) return undefined;
  return readable(Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function readable(bytes: Buffer): string | undefined {
  if (bytes.length < 8) return undefined;
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  let printable = 0;
  let total = 0;
  for (const char of text) {
    total++;
    if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\t]/u.test(char)) printable++;
  }
  return printable / total >= 0.9 && /\p{L}{2}/u.test(text) ? text : undefined;
}
