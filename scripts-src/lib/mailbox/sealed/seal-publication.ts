/**
 * A sealed team's publications and readings, between the programs and the
 * envelope: who the author is (their identity on this machine, the one the
 * team registered for them), who the note is sealed for (every registered
 * member), and what a reader is told (signature valid, invalid or absent; not
 * sealed for them). The mailbox drivers store the sealed bytes like any other.
 */
import { type Failure, fail } from '../../messages/failure.js';
import type { NoteSummary, TeamSealing } from '../contract.js';
import type { KeyParts } from '../keys.js';
import { type EnvelopeHeader, isSealed, openEnvelope, seal } from './envelope.js';
import { type LoadedIdentity, loadIdentity, type PrivateIdentity, type PublicIdentity, parseIdentityLine } from './identity.js';
import { PinnedKeys } from './pinned-keys.js';

export function identityFailure(loaded: Exclude<LoadedIdentity, { status: 'ok' }>, team?: string): Failure {
  return loaded.status === 'absent' ? fail('identite-absente', { team: team ?? '' }) : fail('identite-dangereuse', { path: loaded.path, why: loaded.why });
}

/** The registered identities of a team that parse, by author. */
export function registeredIdentities(sealing: TeamSealing): Map<string, PublicIdentity> {
  const identities = new Map<string, PublicIdentity>();
  for (const [author, line] of sealing.identities) {
    const identity = parseIdentityLine(line);
    if (identity !== undefined) identities.set(author, identity);
  }
  return identities;
}

/** A member whose registered key this author had not seen, or whose key changed since (not sealed for). */
export interface MemberKey {
  author: string;
  fingerprint: string;
  /** For a changed key: the one pinned. */
  pinned?: string;
}

export interface Sealing {
  author: PrivateIdentity;
  /** Every member it is sealed for. */
  members: number;
  /** Members seen for the first time (now pinned), and members whose registered key is not the pinned one: left out. */
  newMembers: MemberKey[];
  changedMembers: MemberKey[];
  seal(bytes: Buffer, type: EnvelopeHeader['type']): Buffer;
  /** The title and summary a listing shows, sealed like the note. */
  sealSummary(summary: NoteSummary): Buffer;
}

/**
 * How `author` seals for `team`: refused (exit 2, with the command to run) when they have no identity here, or not the
 * one registered for them. The members' keys are checked against this author's pins: a key seen for the first time is
 * pinned and said; a key that changed since is left out of the recipients until the author accepts it (recuperer confiance),
 * so an operator who registers a key of their own for a member reads nothing.
 */
export function sealingFor(team: string, author: string, sealing: TeamSealing, env: NodeJS.ProcessEnv): Sealing {
  const loaded = loadIdentity(env);
  if (loaded.status !== 'ok') throw identityFailure(loaded, team);
  const identities = registeredIdentities(sealing);
  const registered = identities.get(author);
  if (registered?.line !== loaded.identity.line)
    throw fail('identite-non-enregistree', { team, author, fingerprint: loaded.identity.fingerprint, other: registered !== undefined });
  const pins = PinnedKeys.load(env);
  const recipients: PublicIdentity[] = [registered];
  const newMembers: MemberKey[] = [];
  const changedMembers: MemberKey[] = [];
  // By name: the lists read the same whatever order the registry gives.
  for (const [member, identity] of [...identities].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (member === author) continue;
    const check = pins.check(team, member, identity.fingerprint);
    if (check.status === 'changed') {
      changedMembers.push({ author: member, fingerprint: identity.fingerprint, pinned: check.pinned });
      continue;
    }
    if (check.status === 'learned') newMembers.push({ author: member, fingerprint: identity.fingerprint });
    recipients.push(identity);
  }
  const signer = { signing: loaded.identity.signingPrivate };
  return {
    author: loaded.identity,
    members: recipients.length,
    newMembers,
    changedMembers,
    seal: (bytes, type) => seal(bytes, { equipe: team, auteur: author, type }, signer, recipients),
    sealSummary: (summary) =>
      seal(
        Buffer.from(JSON.stringify({ titre: summary.title ?? null, resume: summary.summary ?? null }), 'utf8'),
        { equipe: team, auteur: author, type: 'resume' },
        signer,
        recipients,
      ),
  };
}

export type Signature = 'valide' | 'invalide' | 'absente';

/** A fetched value, opened: what to write, and what to say about its signature. */
export interface Unsealed {
  value: Buffer;
  sealed: boolean;
  signature: Signature;
  /** The author's fingerprint, when the signature is valid. */
  fingerprint?: string;
  /** This reader had not seen the author's key before: it is pinned now. */
  learned?: true;
}

/**
 * Opens what `get` fetched. On a sealed team nothing is given back unless the
 * author's signature holds: an invalid or missing signature is exit 1, a value
 * not sealed for this reader exit 5, and nothing is written. The author's key
 * is the one this reader pinned: a registry that names another is exit 5
 * (identite-changee, both fingerprints) before anything is opened; a key seen
 * for the first time is pinned once the signature holds.
 */
export function unseal(key: string, parts: KeyParts, value: Buffer, sealing: TeamSealing, env: NodeJS.ProcessEnv): Unsealed {
  if (!isSealed(value)) {
    if (sealing.sealed) throw fail('signature-absente', { key, team: parts.team });
    return { value, sealed: false, signature: 'absente' };
  }
  const author = registeredIdentities(sealing).get(parts.author);
  const pins = PinnedKeys.load(env);
  const pinned = pins.pinned(parts.team, parts.author);
  if (author !== undefined && pinned !== undefined && pinned !== author.fingerprint)
    throw identityChanged(parts.team, parts.author, pinned, author.fingerprint);
  const loaded = loadIdentity(env);
  if (loaded.status === 'absent') throw fail('non-destinataire', { key, team: parts.team });
  if (loaded.status !== 'ok') throw identityFailure(loaded, parts.team);
  const opened = openEnvelope(value, { equipe: parts.team, auteur: parts.author, type: parts.kind }, author, {
    encryption: loaded.identity.encryption,
    decryption: loaded.identity.decryption,
  });
  switch (opened.status) {
    case 'ok': {
      // One's own note is checked against one's own key, not pinned.
      const own = author!.line === loaded.identity.line;
      const learned = !own && pinned === undefined && pins.check(parts.team, parts.author, author!.fingerprint).status === 'learned';
      return { value: opened.value, sealed: true, signature: 'valide', fingerprint: author!.fingerprint, ...(learned ? { learned } : {}) };
    }
    case 'not-a-recipient':
      throw fail('non-destinataire', { key, team: parts.team });
    default:
      throw fail('signature-invalide', { key, author: parts.author });
  }
}

export const identityChanged = (team: string, author: string, pinned: string, registered: string): Failure =>
  fail('identite-changee', { team, author, pinned, registered });

/**
 * The registered identities a listing may open titles with: an author whose registered key is not the one this reader
 * pinned is left out (their titles stay sealed), and named.
 */
export function pinnedIdentities(
  team: string,
  identities: Map<string, PublicIdentity>,
  env: NodeJS.ProcessEnv,
): { usable: Map<string, PublicIdentity>; changed: string[] } {
  const pins = PinnedKeys.load(env);
  const usable = new Map<string, PublicIdentity>();
  const changed: string[] = [];
  for (const [author, identity] of identities) {
    const pinned = pins.pinned(team, author);
    if (pinned !== undefined && pinned !== identity.fingerprint) changed.push(author);
    else usable.set(author, identity);
  }
  return { usable, changed };
}

/** A listing's sealed title and summary, for a member whose identity opens them and whose author's signature holds; undefined otherwise. */
export function openSummary(
  sealedSummary: Buffer,
  parts: KeyParts,
  identities: Map<string, PublicIdentity>,
  reader: PrivateIdentity | undefined,
): NoteSummary | undefined {
  if (reader === undefined) return undefined;
  const opened = openEnvelope(sealedSummary, { equipe: parts.team, auteur: parts.author, type: 'resume' }, identities.get(parts.author), reader);
  if (opened.status !== 'ok') return undefined;
  try {
    const { titre, resume } = JSON.parse(opened.value.toString('utf8')) as { titre?: unknown; resume?: unknown };
    return { ...(typeof titre === 'string' ? { title: titre } : {}), ...(typeof resume === 'string' ? { summary: resume } : {}) };
  } catch {
    return undefined;
  }
}
