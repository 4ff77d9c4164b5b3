/**
 * Secrets inside a base64 blob: a whole `.env`, a service-account JSON, a
 * kubeconfig or a private key, pasted as `base64 -w0` output, as a variable's
 * value (`GOOGLE_CREDENTIALS_B64=…`) or wrapped at 64 or 76 columns. A long
 * run is decoded once, bounded (and so is the text read again per scan);
 * when it decodes to text, that text is read by the line rules (provider
 * tokens, private keys, bindings), and a finding is reported at the blob,
 * whole. Decoded text is never decoded again.
 */
import { type MarkdownLine, markdownLines } from '../text/markdown-model.js';
import { findBindings } from './credential-bindings.js';
import type { Hit } from './hits.js';
import { findPrivateKeys } from './private-keys.js';
import { findLineTokens } from './provider-tokens.js';

/** Shorter runs hold one value at most: a token in base64 is the disguise detector's (provider-tokens.ts). */
const MIN_RUN = 40;
/** Longer blobs are not decoded: what a handoff note pastes is a file of a few kilobytes. */
const MAX_RUN = 64 * 1024;
/** Decoded text read again per scan, at most: a note is not a bundle of encoded files, and the cost stays a fraction of the scan's. */
const DECODED_BUDGET = 128 * 1024;
const RUN = new RegExp(`(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{${MIN_RUN},${MAX_RUN}}={0,2}(?![A-Za-z0-9+/=_-])`, 'g');
/** A line of a wrapped blob: 60 to 120 base64 characters, nothing else. */
const WRAPPED_LINE = /^[A-Za-z0-9+/]{60,120}={0,2}$/;
/** The last line of a wrapped blob: no longer than the others. */
const LAST_LINE = /^[A-Za-z0-9+/]{1,120}={0,2}$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Text, not bytes: no control character but tab and line breaks. */
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;
/** Text with a name bound to a value (`KEY=value`, `"key": "value"`, `key: value`), a credential word (`.netrc`) or PEM armour: worth reading again. */
const STRUCTURED = /[\w"'-][ \t]*[:=]|-----BEGIN |\b(?:password|passwd|token|secret|key)\b/i;

/** The text a base64 run decodes to, or undefined when it decodes to bytes. */
function decodedText(run: string): string | undefined {
  const bytes = Buffer.from(run, /[-_]/.test(run) ? 'base64url' : 'base64');
  if (bytes.length < 24) return undefined;
  // Configuration is mostly printable ASCII: bytes drawn at random are not, and most runs stop here, within a few bytes.
  let other = 0;
  for (const byte of bytes)
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte > 0x7e) if (++other > 4 + bytes.length / 10) return undefined;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  return CONTROL.test(text) || !STRUCTURED.test(text) ? undefined : text;
}

/** Whether decoded text holds a secret our line rules find. */
function holdsSecret(text: string): boolean {
  const lines = markdownLines(text);
  return findLineTokens(text, lines).length > 0 || findPrivateKeys(lines).length > 0 || findBindings(lines).length > 0;
}

/** Base64 blobs among `lines` that decode to text holding a secret, each reported whole. */
export function findEncodedSecrets(lines: MarkdownLine[]): Hit[] {
  const hits: Hit[] = [];
  let budget = DECODED_BUDGET;
  /** `run` decodes to text that holds a secret, within the budget. */
  const leaks = (run: string) => {
    if (budget <= 0) return false;
    const decoded = decodedText(run);
    if (decoded === undefined) return false;
    budget -= decoded.length;
    return holdsSecret(decoded);
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const text = line.text.trim();
    // A blob wrapped over lines of one width, the last one shorter: joined, up to the bound.
    if (WRAPPED_LINE.test(text) && WRAPPED_LINE.test(lines[index + 1]?.text.trim() ?? '')) {
      let end = index + 1;
      let joined = text;
      while (end < lines.length && joined.length < MAX_RUN) {
        const next = lines[end]!.text.trim();
        if (next.length > text.length || !LAST_LINE.test(next)) break;
        joined += next;
        end++;
        if (next.length < text.length) break;
      }
      if (leaks(joined)) {
        const last = lines[end - 1]!;
        hits.push({ rule: 'secret-encode', start: line.start + line.text.indexOf(text), end: last.start + last.text.trimEnd().length });
      }
      index = end;
      continue;
    }
    if (line.text.length >= MIN_RUN) {
      RUN.lastIndex = 0;
      for (let run = RUN.exec(line.text); run && budget > 0; run = RUN.exec(line.text)) {
        if (leaks(run[0])) hits.push({ rule: 'secret-encode', start: line.start + run.index, end: line.start + run.index + run[0].length });
      }
    }
    index++;
  }
  return hits;
}
