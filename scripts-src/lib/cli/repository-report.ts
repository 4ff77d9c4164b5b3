/**
 * How the repository's state against a note is shown: the « État du dépôt »
 * block, between the alerts and the framed note, and its `--json` shape.
 * Branch names and paths come from the note: they are shown through `shown`
 * (the reading guard's excerpt: escaped, masked, short).
 */
import { type FileState, type ReceivedChanges, type Relation, type RepositoryState, repositoryState } from '../repository/repository-state.js';

type Shown = (text: string) => string;

/** What git says of the repository holding `folder` against the note: its block and its JSON (loaded only when asked). */
export function reportRepository(noteText: string, folder: string, shown: Shown, changes?: ReceivedChanges) {
  const state = repositoryState(noteText, folder, changes);
  return { state, text: renderRepositoryState(state, shown), json: repositoryStateJson(state, shown) };
}

const short = (commit: string) => commit.slice(0, 12);

function relationSentence(state: RepositoryState): string {
  const { gap } = state;
  switch (state.relation) {
    case 'identique':
      return 'identique : HEAD est le commit de la note.';
    case 'en-avance':
      return `en-avance : le dépôt local a ${gap?.ahead} commit(s) de plus que la note ; elle décrit un état plus ancien.`;
    case 'en-retard':
      return `en-retard : il manque ${gap?.behind} commit(s) de la note au dépôt local ; elle décrit un travail que vous n’avez pas (mettre à jour la branche, avec l’accord de l’utilisateur).`;
    case 'diverge':
      return `diverge : ${gap?.ahead} commit(s) locaux absents de la note et ${gap?.behind} commit(s) de la note absents d’ici ; les deux lignes se sont séparées.`;
    case 'inconnu':
      return state.localCommit === undefined
        ? 'inconnu : ce dépôt n’a encore aucun commit.'
        : 'inconnu : le commit de la note est introuvable dans ce clone (ou ambigu) ; « git fetch » peut aider.';
    case 'absent':
      return 'absent : la note ne donne pas de commit ; rien ne dit sur quel état elle porte.';
    case 'refuse':
      return 'refuse : le champ commit de la note n’est pas un commit ; il n’a pas été passé à git.';
    case 'pas-un-depot':
      return state.gitUnavailable ? 'pas-un-depot : git est introuvable ou n’a pas répondu à temps.' : 'pas-un-depot : ce dossier n’est pas dans un dépôt git.';
  }
}

const FILE_MEANINGS: Record<FileState, string> = {
  inchange: 'identique au commit de la note, sans modification locale',
  'modifie-depuis-la-note': 'changé par un commit entre celui de la note et HEAD',
  'plus-recent-dans-la-note': 'changé par un commit de la note que ce dépôt n’a pas encore (git fetch, puis git log HEAD..<commit>)',
  'modifie-localement': 'modification non commitée ici (ou fichier non suivi)',
  absent: 'introuvable dans ce dépôt',
  refuse: 'non vérifié : hors du dépôt',
  inconnu: 'présent ; impossible de dire s’il a changé depuis la note (commit inconnu)',
};

/** The « État du dépôt » block, for people and agents. */
function renderRepositoryState(state: RepositoryState, shown: Shown): string {
  const lines = ['État du dépôt (calculé par git, pas par la note ; rien n’a été modifié ni récupéré) :'];
  const commits = [
    `la note ${state.noteCommit ?? '—'}`,
    state.relation === 'pas-un-depot' ? undefined : `HEAD ${state.localCommit ? short(state.localCommit) : '—'}`,
  ].filter(Boolean);
  lines.push(`  Commit : ${commits.join(' ; ')} → ${relationSentence(state)}`);
  if (state.noteBranch !== undefined || state.relation !== 'pas-un-depot') {
    const here = state.relation === 'pas-un-depot' ? undefined : (state.localBranch ?? 'HEAD détachée');
    const same = state.noteBranch !== undefined && here !== undefined && state.noteBranch === state.localBranch;
    const verdict = state.noteBranch === undefined || here === undefined ? '' : same ? ' (la même)' : ' (différente)';
    lines.push(
      `  Branche : la note ${state.noteBranch === undefined ? '—' : shown(state.noteBranch)}${here === undefined ? '' : ` ; ici ${shown(here)}`}${verdict}.`,
    );
  }
  if (state.files.length > 0) {
    const width = Math.max(...state.files.map((file) => file.state.length));
    lines.push(`  Fichiers cités par la note : ${state.files.length}`);
    for (const file of state.files) lines.push(`    ${file.state.padEnd(width)}  ${shown(file.path)}${file.reason ? ` (${file.reason})` : ''}`);
    const states = [...new Set(state.files.map((file) => file.state))];
    lines.push(`  (${states.map((fileState) => `${fileState} : ${FILE_MEANINGS[fileState]}`).join(' ; ')})`);
  } else if (state.relation !== 'pas-un-depot') {
    lines.push('  Fichiers cités par la note : aucun chemin dans « Fichiers clés ».');
  }
  if (state.leftOut > 0) lines.push(`  ${state.leftOut} chemin(s) de plus non vérifié(s) (limite atteinte).`);
  for (const refused of state.refused)
    lines.push(`  Refusé : ${refused.field} « ${shown(refused.value)} » (${refused.reason}) ; rien n’en a été transmis à git.`);
  if (state.changes) lines.push(...renderChanges(state, state.changes, shown));
  const gaps = state.relation !== 'identique' || state.files.some((file) => file.state !== 'inchange') || state.refused.length > 0;
  lines.push(
    gaps ? '  Signalez chaque écart ci-dessus à l’utilisateur avant de vous fier à la note.' : '  Aucun écart : le dépôt est dans l’état que la note décrit.',
  );
  return `${lines.join('\n')}\n`;
}

function renderChanges(state: RepositoryState, changes: NonNullable<RepositoryState['changes']>, shown: Shown): string[] {
  const file = shown(changes.file);
  const base =
    changes.base === undefined
      ? 'sans commit de base déclaré'
      : `faites sur ${short(changes.base)}${state.localCommit === undefined ? '' : changes.base === state.localCommit ? ' (HEAD ici)' : ` (HEAD ici : ${short(state.localCommit)})`}`;
  const files = changes.files.length > 0 ? ` ; fichier(s) touché(s) : ${changes.files.map(shown).join(', ')}` : '';
  const untracked =
    changes.untracked.length > 0 ? ` ; fichier(s) non suivi(s) chez l’auteur, nommé(s) seulement : ${changes.untracked.map(shown).join(', ')}` : '';
  return [
    `  Modifications en cours (${file}) : ${changes.applies ? 's’appliquent ici' : 'ne s’appliquent PAS ici'} (git apply --check), ${base}${files}${untracked}.`,
    changes.applies
      ? `  Rien n’a été appliqué : proposez « git apply ${file} » à l’utilisateur et attendez son accord.`
      : '  Rien n’a été appliqué : dites-le à l’utilisateur ; mettre le dépôt au commit de base (avec son accord) peut aider.',
  ];
}

/** The `--json` shape (documented in the README). */
function repositoryStateJson(state: RepositoryState, shown: Shown) {
  return {
    commit_note: state.noteCommit ?? null,
    commit_local: state.localCommit ?? null,
    relation: state.relation satisfies Relation,
    ecart: state.gap ? { avance: state.gap.ahead, retard: state.gap.behind } : null,
    branche_note: state.noteBranch === undefined ? null : shown(state.noteBranch),
    branche_locale: state.localBranch ?? null,
    fichiers: state.files.map((file) => ({ chemin: shown(file.path), etat: file.state, ...(file.reason ? { raison: file.reason } : {}) })),
    refus: state.refused.map((refused) => ({ champ: refused.field, valeur: shown(refused.value), raison: refused.reason })),
    non_verifies: state.leftOut,
    ...(state.changes
      ? {
          modifs: {
            fichier: shown(state.changes.file),
            base: state.changes.base ?? null,
            applicable: state.changes.applies,
            fichiers: state.changes.files.map(shown),
            non_suivis: state.changes.untracked.map(shown),
          },
        }
      : {}),
  };
}
