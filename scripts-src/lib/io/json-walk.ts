/**
 * Walks a JSON document in its bytes, without building it: validates the
 * syntax and yields each container and each string with its path. A 20 MB
 * session export costs its own bytes plus one string at a time, where
 * JSON.parse would build an object graph several times its size.
 */
export type JsonEvent =
  /** A string value (not a key), unescaped; `key` is its property name when it has one; `at`: the offset of its opening quote. */
  | { type: 'string'; path: string; value: string; key: string | undefined; at: number }
  /** An object or array opens at `path` ('$' for the document itself). */
  | { type: 'open'; path: string; kind: 'object' | 'array' }
  /** A property name, unescaped; `path` is the property's own path; `at`: the offset of its opening quote. */
  | { type: 'key'; path: string; key: string; at: number };

export class JsonSyntaxError extends Error {
  constructor(readonly offset: number) {
    super(`JSON invalide à l’octet ${offset}`);
  }
}

interface Frame {
  kind: 'object' | 'array';
  path: string;
  index: number;
  key?: string;
  /** What the next token must be. */
  expect: 'value-or-close' | 'value' | 'comma-or-close' | 'key-or-close' | 'key' | 'colon';
}

/** The path of property `key` of the object at `path`: `$.info.title`, `$.env["redis-url"]`. */
function propertyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Containers deeper than this are refused: an export is a few levels deep; a hostile file is not. */
const MAX_DEPTH = 256;

/** The document's events in order; throws JsonSyntaxError at the first syntax error. A generator, so a caller may pause between events. */
export function* walkJson(bytes: Buffer): Generator<JsonEvent> {
  const stack: Frame[] = [];
  let position = skipSpace(bytes, 0);
  let done = false;

  const childPath = (frame: Frame | undefined) => {
    if (!frame) return '$';
    if (frame.kind === 'array') return `${frame.path}[${frame.index}]`;
    return propertyPath(frame.path, frame.key!);
  };
  const afterValue = () => {
    const frame = stack[stack.length - 1];
    if (!frame) done = true;
    else frame.expect = 'comma-or-close';
  };

  while (position < bytes.length) {
    const frame = stack[stack.length - 1];
    const byte = bytes[position]!;
    if (done) throw new JsonSyntaxError(position);
    if (frame && (frame.expect === 'comma-or-close' || frame.expect === 'colon')) {
      if (frame.expect === 'colon') {
        if (byte !== 0x3a) throw new JsonSyntaxError(position);
        frame.expect = 'value';
      } else if (byte === 0x2c) {
        if (frame.kind === 'array') frame.index++;
        frame.expect = frame.kind === 'array' ? 'value' : 'key';
      } else if ((byte === 0x5d && frame.kind === 'array') || (byte === 0x7d && frame.kind === 'object')) {
        stack.pop();
        afterValue();
      } else throw new JsonSyntaxError(position);
      position = skipSpace(bytes, position + 1);
      continue;
    }
    if (frame && (frame.expect === 'key' || frame.expect === 'key-or-close')) {
      if (byte === 0x7d && frame.expect === 'key-or-close') {
        stack.pop();
        afterValue();
        position = skipSpace(bytes, position + 1);
        continue;
      }
      if (byte !== QUOTE) throw new JsonSyntaxError(position);
      const end = stringEnd(bytes, position);
      frame.key = decodeString(bytes, position, end);
      frame.expect = 'colon';
      yield { type: 'key', path: propertyPath(frame.path, frame.key), key: frame.key, at: position };
      position = skipSpace(bytes, end + 1);
      continue;
    }
    // A value (or, in an empty array, its closing bracket).
    if (frame?.expect === 'value-or-close' && byte === 0x5d) {
      stack.pop();
      afterValue();
      position = skipSpace(bytes, position + 1);
      continue;
    }
    const path = childPath(frame);
    if (byte === 0x7b || byte === 0x5b) {
      if (stack.length >= MAX_DEPTH) throw new JsonSyntaxError(position);
      const kind = byte === 0x7b ? 'object' : 'array';
      yield { type: 'open', path, kind };
      stack.push({ kind, path, index: 0, expect: kind === 'object' ? 'key-or-close' : 'value-or-close' });
      position = skipSpace(bytes, position + 1);
      continue;
    }
    if (byte === QUOTE) {
      const end = stringEnd(bytes, position);
      yield { type: 'string', path, value: decodeString(bytes, position, end), key: frame?.kind === 'object' ? frame.key : undefined, at: position };
      position = end + 1;
    } else {
      const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
        bytes.toString('latin1', position, Math.min(bytes.length, position + 64)),
      );
      if (!literal) throw new JsonSyntaxError(position);
      position += literal[0].length;
    }
    afterValue();
    position = skipSpace(bytes, position);
  }
  if (!done) throw new JsonSyntaxError(bytes.length);
}

function skipSpace(bytes: Buffer, position: number): number {
  while (position < bytes.length) {
    const byte = bytes[position]!;
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    position++;
  }
  return position;
}

/** The offset of the closing quote of the string that opens at `start`. */
function stringEnd(bytes: Buffer, start: number): number {
  let position = start + 1;
  for (;;) {
    const next = bytes.indexOf(QUOTE, position);
    if (next < 0) throw new JsonSyntaxError(start);
    let backslashes = 0;
    for (let index = next - 1; index > start && bytes[index] === BACKSLASH; index--) backslashes++;
    if (backslashes % 2 === 0) return next;
    position = next + 1;
  }
}

function decodeString(bytes: Buffer, start: number, end: number): string {
  // Searched within the string only: a search to the end of a document without backslashes, once per string, would be quadratic.
  const hasEscape = bytes.subarray(start + 1, end).includes(BACKSLASH);
  for (let index = start + 1; index < end; index++) if (bytes[index]! < 0x20) throw new JsonSyntaxError(index);
  if (!hasEscape) return bytes.toString('utf8', start + 1, end);
  try {
    return JSON.parse(bytes.toString('utf8', start, end + 1)) as string;
  } catch {
    throw new JsonSyntaxError(start);
  }
}
