/**
 * Who may do what in a folder box, as the kernel decides it: the box's group
 * (the root's, which its set-group-ID bit hands down), names of users and
 * groups for messages, and, when the kernel refuses an operation, which file
 * or folder is really at fault and why — a child that does not exist is never
 * blamed for its parent, a group that is not the box's is named as such.
 */
import { constants, type Stats } from 'node:fs';
import { access, chmod, type FileHandle, lchown, lstat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { type Failure, fail } from '../../messages/failure.js';
import { isValidName } from '../keys.js';
import { readBounded } from './read-bounded.js';

const MY_UID = process.getuid?.();

/** Names of the system's users and groups, from /etc/passwd and /etc/group (read bounded, once); `uid N` / `gid N` when unknown. */
export class SystemNames {
  private users?: Promise<Map<number, string>>;
  private groups?: Promise<Map<number, string>>;

  constructor(private readonly me: string) {}

  async user(uid: number): Promise<string> {
    if (MY_UID === undefined || uid === MY_UID) return this.me;
    this.users ??= namesIn('/etc/passwd');
    return (await this.users).get(uid) ?? `uid ${uid}`;
  }

  async group(gid: number): Promise<string> {
    this.groups ??= namesIn('/etc/group');
    return (await this.groups).get(gid) ?? `gid ${gid}`;
  }
}

/** `name:x:id:…` lines: the first valid name of each id. */
async function namesIn(path: string): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const read = await readBounded(path, 4 * 1024 * 1024).catch(() => undefined);
  if (read?.kind !== 'read') return names;
  for (const line of read.data.toString('utf8').split('\n')) {
    const [name, , id] = line.split(':');
    if (name && id && /^\d+$/.test(id) && isValidName(name) && !names.has(Number(id))) names.set(Number(id), name);
  }
  return names;
}

/** Whether this process may use the group (its primary group or a supplementary one). */
const inGroup = (gid: number) => process.getgid?.() === gid || (process.getgroups?.() ?? []).includes(gid);

/**
 * Gives a file we just created (or own) the box's group, whatever the primary
 * group and the folder it was made in, and checks it took. A member of the
 * group is always allowed to; anyone else is told to join the group.
 */
export async function giveGroupToFile(handle: FileHandle, path: string, gid: number, names: SystemNames, box: string): Promise<void> {
  if ((await handle.stat()).gid === gid) return;
  try {
    await handle.chown(-1, gid);
  } catch (error) {
    if (!isDenial(error)) throw error;
  }
  if ((await handle.stat()).gid !== gid) throw await notAMember(path, gid, names, box);
}

/** The same for a folder (or a file seen by its path), never through a link; the mode is set again, as chown may clear set-group-ID. */
export async function giveGroupToPath(path: string, gid: number, mode: number | undefined, names: SystemNames, box: string): Promise<void> {
  const info = await lstat(path);
  if (info.gid === gid || info.isSymbolicLink()) return;
  try {
    await lchown(path, -1, gid);
  } catch (error) {
    if (!isDenial(error)) throw error;
  }
  const after = await lstat(path);
  if (after.gid !== gid) throw await notAMember(path, gid, names, box);
  if (mode !== undefined && (after.mode & 0o7777) !== mode) await chmod(path, mode);
}

async function notAMember(path: string, gid: number, names: SystemNames, box: string): Promise<Failure> {
  return fail('boite-groupe-non-membre', { box, path, group: await names.group(gid), user: await names.user(MY_UID ?? 0) });
}

const isDenial = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'EPERM' || code === 'EACCES';
};

export interface BoxRights {
  root: string;
  box: string;
  /** The box's group when it is shared. */
  group?: number;
  names: SystemNames;
}

/**
 * Why the kernel refused an operation on `path` (EACCES, EPERM): walks from the
 * root down to the first folder this user cannot go through, or to the file;
 * a missing file is blamed on its parent (« impossible de créer »); a file or
 * folder of a shared box whose group is not the box's is named with both
 * groups and the `chgrp` that fixes it.
 */
export async function explainDenial(path: string, rights: BoxRights): Promise<Failure> {
  const steps = stepsFromRoot(rights.root, path);
  let previous: { path: string; info: Stats } | undefined;
  for (const step of steps) {
    let info: Stats;
    try {
      info = await lstat(step);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && previous) return cannotCreate(step, previous, rights);
      if (isDenial(error) && previous) return atFault(previous.path, previous.info, rights);
      break;
    }
    if (step !== path && info.isDirectory() && !(await allowed(step, constants.X_OK))) return atFault(step, info, rights);
    previous = { path: step, info };
  }
  return previous ? atFault(previous.path, previous.info, rights) : genericDenial(path, rights);
}

/** The root, then each folder below it down to `path` (only `path` when it is not under the root). */
function stepsFromRoot(root: string, path: string): string[] {
  const below = relative(root, path);
  if (below === '') return [root];
  if (below.startsWith('..')) return [path];
  const steps = [root];
  for (const part of below.split(sep)) steps.push(`${steps[steps.length - 1]}${sep}${part}`);
  return steps;
}

async function allowed(path: string, mode: number): Promise<boolean> {
  try {
    await access(path, mode);
    return true;
  } catch {
    return false;
  }
}

async function cannotCreate(path: string, parent: { path: string; info: Stats }, rights: BoxRights): Promise<Failure> {
  if (await allowed(parent.path, constants.W_OK | constants.X_OK)) return genericDenial(path, rights);
  if (rights.group !== undefined && parent.info.gid !== rights.group) return atFault(parent.path, parent.info, rights);
  return fail('boite-impossible-de-creer', {
    box: rights.box,
    path,
    parent: parent.path,
    owner: await rights.names.user(parent.info.uid),
    shared: rights.group !== undefined,
  });
}

async function atFault(path: string, info: Stats, rights: BoxRights): Promise<Failure> {
  const { group, names, box } = rights;
  if (group !== undefined && path === rights.root && !inGroup(group))
    return fail('boite-groupe-non-membre', { box, path, group: await names.group(group), user: await names.user(MY_UID ?? 0) });
  if (group !== undefined && info.gid !== group) return wrongGroup(path, info, rights);
  return genericDenial(path, rights);
}

/** A file or folder of a shared box whose group is not the box's: both groups, and the `chgrp` its owner runs. */
export async function wrongGroup(path: string, info: Stats, rights: BoxRights): Promise<Failure> {
  const { names, box } = rights;
  return fail('boite-mauvais-groupe', {
    box,
    path,
    group: await names.group(info.gid),
    boxGroup: await names.group(rights.group ?? info.gid),
    owner: await names.user(info.uid),
    mine: MY_UID === undefined || info.uid === MY_UID,
  });
}

function genericDenial(path: string, rights: BoxRights): Failure {
  return rights.group !== undefined ? fail('boite-partagee-droits', { box: rights.box, path }) : fail('boite-dossier-droits', { box: rights.box, path });
}
