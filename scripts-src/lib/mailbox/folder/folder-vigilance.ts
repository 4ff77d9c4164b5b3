/**
 * What the folder mailbox says when a file is not what its place promises: a
 * file of an author folder not owned by that folder's owner, an author (or team)
 * folder others can write to (a box of the previous version), something else
 * than a regular file, a file beyond its bound. French, one line, never a
 * file's content; names are validated key parts or our own file names.
 */
import type { Vigilance } from '../verify.js';
import type { Refusal } from './read-bounded.js';

/** Which file of an author folder: how a message names it. */
export type FileRole = 'note' | 'export' | 'modifs' | 'resume' | 'journal';

const ROLE: Record<FileRole, string> = {
  note: 'la note',
  export: 'l’export de session',
  modifs: 'le fichier des modifications en cours',
  resume: 'le résumé (entrée d’index)',
  journal: 'le journal',
};
const IGNORED: Record<FileRole, string> = { note: 'ignorée', export: 'ignoré', modifs: 'ignoré', resume: 'ignoré', journal: 'ignoré' };

/** A file of an author folder that its owner did not write: another member put it there. */
export function foreignOwner(role: FileRole, where: string, owner: string, folderOwner: string, ignored: boolean): Vigilance {
  return {
    code: 'proprietaire-different',
    message: `${ROLE[role]} ${where} appartient à ${owner}, pas à ${folderOwner} qui possède ce dossier d’auteur : ${ignored ? IGNORED[role] : 'rien ne prouve qui l’a écrit'}`,
  };
}

/** A file whose group is not the box's (a previous version's, or made by hand): the other members cannot read it. */
export function foreignGroup(role: FileRole, where: string, group: string, boxGroup: string, owner: string): Vigilance {
  return {
    code: 'groupe-different',
    message: `${ROLE[role]} ${where} appartient au groupe ${group}, pas au groupe de la boîte ${boxGroup} : les autres membres ne peuvent pas la lire ; ${owner} le corrige en publiant de nouveau, ou avec chgrp ${boxGroup} sur le fichier`,
  };
}

/** An author folder of the previous version (2770): any member could replace what it holds. */
export function writableAuthorFolder(path: string, owner: string): Vigilance {
  return {
    code: 'dossier-modifiable',
    message: `le dossier d’auteur ${path} est modifiable par le groupe (boîte d’une version précédente) : un autre membre a pu y remplacer des fichiers ; ${owner} le corrige en publiant de nouveau, ou avec chmod 2750 ${path}`,
  };
}

/** A team folder without the sticky bit: any member can rename another's author folder. */
export function unprotectedTeamFolder(path: string, owner: string): Vigilance {
  return {
    code: 'dossier-modifiable',
    message: `le dossier d’équipe ${path} n’a pas le bit sticky (boîte d’une version précédente) : un membre peut y renommer le dossier d’un autre ; ${owner} le corrige avec chmod 3770 ${path}`,
  };
}

const WHY: Record<Refusal, string> = {
  lien: 'est un lien symbolique',
  special: 'n’est pas un fichier ordinaire (FIFO, dossier ou périphérique)',
  'trop-gros': 'dépasse la taille permise',
  illisible: 'est illisible pour vous (droits)',
};

/** Something else than a readable regular file of a sane size in a file's place: skipped, never waited on. */
export function unusableFile(role: FileRole, where: string, why: Refusal, size?: number, max?: number): Vigilance {
  const detail = why === 'trop-gros' && size !== undefined && max !== undefined ? `dépasse la taille permise (${size} octets, au plus ${max})` : WHY[why];
  return { code: why === 'trop-gros' ? 'fichier-trop-gros' : 'fichier-non-ordinaire', message: `${ROLE[role]} ${where} ${detail} : ${IGNORED[role]}` };
}

/** A journal bigger than the bound: only its end is read. */
export function journalTail(where: string, max: number): Vigilance {
  return { code: 'fichier-trop-gros', message: `le journal ${where} dépasse ${max / 1024 / 1024} Mio : seuls ses derniers événements sont lus` };
}

/** The team-wide journal of the previous version: every member could write any line in it. */
export function sharedJournal(path: string, events: number): Vigilance {
  return {
    code: 'journal-commun',
    message: `${events} événement(s) viennent du journal commun ${path} (version précédente) : chaque membre pouvait y écrire, leur utilisateur n’est pas vérifiable ; il disparaîtra avec ses notes`,
  };
}
