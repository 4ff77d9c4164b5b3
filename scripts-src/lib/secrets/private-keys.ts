/**
 * Private keys, with or without their armour: a `BEGIN … PRIVATE KEY` line
 * followed by a body, an `END … PRIVATE KEY` line preceded by one, a PuTTY
 * key file, or a bare body of PEM lines (64 base64 characters) that decodes
 * to a private key's structure or follows the words « clé privée » / "private
 * key". Lines are read without their blockquote and list markers, so a key
 * quoted in a Markdown `>` block is a key too. Certificates and public keys
 * have the same look and are not secrets: their DER structure tells them apart.
 */
import type { MarkdownLine } from '../text/markdown-model.js';
import type { Hit } from './hits.js';

const BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const ANY_ARMOUR = /^-----(?:BEGIN|END) /;
const BODY_LINE = /^[A-Za-z0-9+/]{4,80}={0,2}$/;
const FULL_BODY_LINE = /^[A-Za-z0-9+/]{60,76}$/;
const ESCAPED_BODY = /PRIVATE KEY(?: BLOCK)?-----(?:\\[nr])+[A-Za-z0-9+/]{24,}/;
const HEADER_FIELD = /^[A-Za-z-]+: /; // Proc-Type: 4,ENCRYPTED
const KEY_WORDS =
  /cl[ée]s? priv[ée]es?|private[ _-]?keys?|privkey|id_(?:rsa|ed25519|ecdsa)|\.pem\b|\.key\b|ssh key|cl[ée] ssh|deploy key|cl[ée] de d[ée]ploiement/i;

/** Does base64 `body` begin like a private key (PKCS#1, PKCS#8, SEC1 or OpenSSH)? */
function decodesToPrivateKey(body: string): boolean {
  if (body.startsWith('b3BlbnNzaC1rZXktdjE')) return true; // "openssh-key-v1"
  const bytes = Buffer.from(body.slice(0, 64), 'base64');
  if (bytes[0] !== 0x30) return false;
  // SEQUENCE, its length (short or long form), then INTEGER version 0 or 1: a private key. A certificate opens with a SEQUENCE instead.
  const lengthBytes = bytes[1]! & 0x80 ? bytes[1]! & 0x7f : 0;
  const at = 2 + lengthBytes;
  return bytes[at] === 0x02 && bytes[at + 1] === 0x01 && (bytes[at + 2] === 0x00 || bytes[at + 2] === 0x01);
}

/** Private keys among `lines` (in order, container markers removed). */
export function findPrivateKeys(lines: MarkdownLine[]): Hit[] {
  const hits: Hit[] = [];
  // One hit per key, from its first line to its last: the report shows the first line, masked.
  const report = (first: MarkdownLine, last: MarkdownLine = first) => hits.push({ rule: 'cle-privee', start: first.start, end: last.start + last.text.length });
  let index = 0;
  while (index < lines.length) {
    const text = lines[index]!.text.trim();
    if (BEGIN.test(text)) {
      const body = bodyAfter(lines, index + 1);
      if (body.count > 0 && body.length >= 24) report(lines[index]!, lines[body.next - 1]!);
      else if (ESCAPED_BODY.test(text)) report(lines[index]!); // inside a JSON string: `-----BEGIN PRIVATE KEY-----\\nMIIE…`
      index = Math.max(index + 1, body.next);
      continue;
    }
    if (FULL_BODY_LINE.test(text) || (text.includes('PuTTY-User-Key-File-') && /^PuTTY-User-Key-File-\d+:/.test(text))) {
      const body = bodyAfter(lines, text.startsWith('PuTTY') ? index + 1 : index);
      const end = lines[body.next]?.text.trim() ?? '';
      const armoured = END.test(end);
      const before = lines
        .slice(Math.max(0, index - 3), index)
        .map((line) => line.text)
        .join('\n');
      const previousArmour = armourAbove(lines, index);
      const bodyText = lines
        .slice(index, body.next)
        .map((line) => line.text.trim())
        .join('');
      const isKey = text.startsWith('PuTTY') || armoured || (!previousArmour && body.count >= 2 && (decodesToPrivateKey(bodyText) || KEY_WORDS.test(before)));
      if (isKey) report(lines[index]!, lines[body.next - (armoured ? 0 : 1)]!);
      index = Math.max(index + 1, body.next);
      continue;
    }
    index++;
  }
  return hits;
}

/** Whether the line at `index` follows armour (`-----BEGIN PGP MESSAGE-----`), past PGP's blank line and header fields (`Version: …`). */
function armourAbove(lines: MarkdownLine[], index: number): boolean {
  for (let above = index - 1; above >= 0 && index - above <= 4; above--) {
    const text = lines[above]!.text.trim();
    if (ANY_ARMOUR.test(text)) return true;
    if (text !== '' && !HEADER_FIELD.test(text)) return false;
  }
  return false;
}

/** The run of body lines (and PEM header fields) from `from`: where it ends, how many lines, how many characters. */
function bodyAfter(lines: MarkdownLine[], from: number): { next: number; count: number; length: number } {
  let next = from;
  let count = 0;
  let length = 0;
  while (next < lines.length) {
    const text = lines[next]!.text.trim();
    if (text === '' && count === 0 && next - from < 4) {
      next++; // PGP's blank line after the armour, or the one after legacy header fields
      continue;
    }
    if (HEADER_FIELD.test(text) && count === 0) {
      next++;
      continue;
    }
    if (!BODY_LINE.test(text) && !/^=[A-Za-z0-9+/]{4}$/.test(text)) break;
    count++;
    length += text.length;
    next++;
  }
  return { next, count, length };
}
