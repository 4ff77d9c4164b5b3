/**
 * Teammates' keys pinned on first use. The first time this user verifies a
 * teammate's signature (or seals a note for them), the fingerprint the team's
 * registry gives is written to `${XDG_CONFIG_HOME:-~/.config}/contexte-skills/connus`,
 * one line `<equipe> <auteur> <empreinte>`; later, a registry that names
 * another key for them is refused until the user has checked the new
 * fingerprint aloud and accepted it (`recuperer confiance`). The file is the
 * user's own, 0600, in a folder only they can open; one others could write is
 * refused, never used. Lines are only appended and the latest for a team and an
 * author wins, so two programs learning at once lose nothing.
 *
 * What it defends against: an operator (the Redis administration, the team
 * folder's owner) who swaps a member's identity after this user saw the right
 * one. What it cannot: the first contact, where the key learned is whatever the
 * registry gives that day; the fingerprint read aloud is the only check then.
 */
import { closeSync, constants, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../../messages/failure.js';
import { configFolder, whyUnsafe } from './identity.js';

const FILE = 'connus';
/** Far more than a person's teammates in every team (a line is under 100 bytes); beyond it the file is not ours. */
const MAX_BYTES = 1024 * 1024;
const LINE = /^(\S+) (\S+) ([0-9A-F]{4}(?:-[0-9A-F]{4}){4})$/;

export const pinsPath = (env: NodeJS.ProcessEnv): string => join(configFolder(env), FILE);

/** What the registry's key is, against this user's pin: the same, seen for the first time (now pinned), or another one. */
export type PinCheck = { status: 'known' } | { status: 'learned' } | { status: 'changed'; pinned: string };

/** A fingerprint as typed (lower case, without dashes, spaces), in the form shown: `3F9A-C21B-…`; undefined when it is not one. */
export function normalizedFingerprint(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-F]{20}$/.test(digits) ? digits.match(/.{4}/g)!.join('-') : undefined;
}

export class PinnedKeys {
  private constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly pins: Map<string, string>,
  ) {}

  /** The user's pins; refused (exit 2, the file and what is wrong) when the file or its folder is not safely theirs. */
  static load(env: NodeJS.ProcessEnv): PinnedKeys {
    const path = pinsPath(env);
    const pins = new Map<string, string>();
    const problem = unsafeFile(path);
    if (problem === 'absent') return new PinnedKeys(env, pins);
    if (problem !== undefined) throw fail('empreintes-dangereuses', { path, why: problem });
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw fail('empreintes-dangereuses', { path, why: 'fichier illisible' });
    }
    if (Buffer.byteLength(text) > MAX_BYTES) throw fail('empreintes-dangereuses', { path, why: 'plus de 1 Mio' });
    for (const line of text.split('\n')) {
      const match = LINE.exec(line);
      if (match) pins.set(pinName(match[1]!, match[2]!), match[3]!);
    }
    return new PinnedKeys(env, pins);
  }

  pinned(team: string, author: string): string | undefined {
    return this.pins.get(pinName(team, author));
  }

  /** The registry's fingerprint for a teammate against the pin; pinned now when there was none. */
  check(team: string, author: string, fingerprint: string): PinCheck {
    const pinned = this.pinned(team, author);
    if (pinned === fingerprint) return { status: 'known' };
    if (pinned !== undefined) return { status: 'changed', pinned };
    this.pin(team, author, fingerprint);
    return { status: 'learned' };
  }

  /** Pins a teammate's fingerprint (appended: the latest line wins). */
  pin(team: string, author: string, fingerprint: string): void {
    const path = pinsPath(this.env);
    const folder = configFolder(this.env);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const problem = whyUnsafe(folder, true);
    if (problem !== undefined) throw fail('empreintes-dangereuses', { path: folder, why: problem });
    // O_NOFOLLOW: a link put in its place is refused, never written through; O_APPEND: concurrent learners each keep their line.
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
    try {
      const fileProblem = unsafeFile(path);
      if (fileProblem !== undefined) throw fail('empreintes-dangereuses', { path, why: fileProblem });
      writeSync(fd, `${team} ${author} ${fingerprint}\n`);
    } finally {
      closeSync(fd);
    }
    this.pins.set(pinName(team, author), fingerprint);
  }
}

const pinName = (team: string, author: string) => `${team}\u0000${author}`;

/** The file, then its folder: `absent` when there is no file yet. */
function unsafeFile(path: string): string | undefined {
  const problem = whyUnsafe(path, false);
  if (problem !== undefined) return problem;
  return whyUnsafe(join(path, '..'), true);
}
