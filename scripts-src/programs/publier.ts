import { readNoteHeader } from '../lib/checks/note-header.js';
import { accepted, refusing } from '../lib/checks/problem.js';
import type { CheckedFile } from '../lib/checks/run-checks.js';
import { commandLines, getCommands } from '../lib/cli/colleague-commands.js';
import { formatMoment, readingJson, renderReport, renderSenderAlerts, reportJson } from '../lib/cli/report.js';
import { explainDenied, type Program, printJson, runProgram } from '../lib/cli/run.js';
import { MAX_CHANGES_BYTES, MAX_NOTE_BYTES, MAX_SESSION_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import type { Publication } from '../lib/mailbox/contract.js';
import { validateName } from '../lib/mailbox/keys.js';
import { openFolderOnly, openMailbox } from '../lib/mailbox/open.js';
import { identityFolder, type LoadedIdentity, loadIdentity } from '../lib/mailbox/sealed/identity.js';
import { identityFailure, type Sealing, sealingFor } from '../lib/mailbox/sealed/seal-publication.js';
import { formatDuration, parseTtl, parseTtlMax } from '../lib/mailbox/ttl.js';
import { ExitCode } from '../lib/messages/exit-code.js';
import { fail } from '../lib/messages/failure.js';
import { SHARE_DISABLED, sharingDisabled } from '../lib/project-safety.js';
import { publierCommandLine } from './command-lines/publier.js';

const program: Program = {
  commandLine: publierCommandLine,
  async main({ name, positionals, values, json }, env) {
    if (name === 'identite') return showIdentity(env, json, values.equipe as string | undefined, values.auteur as string | undefined);
    const defaultAuthor = env.REDIS_USERNAME || undefined;
    if (positionals.length === 2 && !defaultAuthor) {
      throw fail('auteur-manquant');
    }
    const [notePath, team, author = defaultAuthor!, sessionPath] = positionals as [string, string, string | undefined, string | undefined];
    validateName(team, 'equipe');
    validateName(author, 'auteur');
    const ttlMax = parseTtlMax(env.CONTEXTE_TTL_MAX);
    const ttlSeconds = parseTtl(values.ttl as string | undefined, ttlMax);

    const note = await readInputFile(notePath, 'la note', MAX_NOTE_BYTES);
    const session = sessionPath ? await readInputFile(sessionPath, 'l’export de session', MAX_SESSION_BYTES) : undefined;
    const noteText = note.toString('utf8');
    const header = readNoteHeader(noteText);
    const changes = values.modifs === true ? await workInProgress(noteText) : undefined;
    // Loaded here, not at start-up: --help and usage errors never pay for the guards.
    const { checkPublication, readNote } = await import('../lib/guards.js');
    const checked = await checkPublication(
      { path: notePath, bytes: note },
      {
        ...(session && sessionPath ? { session: { path: sessionPath, bytes: session } } : {}),
        ...(changes?.status === 'ok' ? { changes: { path: CHANGES_LABEL, bytes: changes.bytes } } : {}),
      },
      { allowUnsanitized: values['non-expurge'] === true },
    );
    if (checked.some(({ report }) => refusing(report).length > 0)) {
      reportRefusal(checked, json);
      await journalRefusal(env, team, author, checked);
      return ExitCode.Refused;
    }
    // The note passed its checks, header included: the names it claims are valid, and must be the ones it is published under.
    for (const [field, claimed, given] of [
      ['auteur', header.author, author],
      ['equipe', header.team, team],
    ] as const) {
      if (claimed !== undefined && claimed !== given) {
        throw fail('en-tete-different', { field, claimed, given });
      }
    }
    const acceptedCount = checked.reduce((sum, { report }) => sum + accepted(report).length, 0);
    const reading = readNote(noteText);

    const mailbox = await openMailbox(env, 'publish');
    try {
      // A sealed team's note, export and work in progress leave signed by the author and encrypted for its members.
      const teamSealing = await mailbox.sealing(team);
      const sealing = teamSealing.sealed ? sealingFor(team, author, teamSealing, env) : undefined;
      const stored = (bytes: Buffer, type: 'contexte' | 'session' | 'modifs') => (sealing ? sealing.seal(bytes, type) : bytes);
      const publication = await explainDenied(
        mailbox,
        mailbox.publish({
          team,
          author,
          note: stored(note, 'contexte'),
          ...(session ? { session: stored(session, 'session') } : {}),
          ...(changes?.status === 'ok' ? { changes: stored(changes.bytes, 'modifs') } : {}),
          ttlSeconds,
          now: new Date(),
          summary: sealing ? {} : header.summary,
          ...(sealing ? { sealedSummary: sealing.sealSummary(header.summary) } : {}),
        }),
        'refus-publier',
        { team, author },
      );
      const sharing = sharingDisabled(process.cwd(), env) === false ? [SHARING_ON] : [];
      const colleague = getCommands(publication.noteKey, [publication.sessionKey, publication.changesKey]);
      if (json) {
        const shown = readingJson(reading);
        printJson({
          cle: publication.noteKey,
          cle_session: publication.sessionKey ?? null,
          cle_modifs: publication.changesKey ?? null,
          scellee: sealing !== undefined,
          empreinte: sealing?.author.fingerprint ?? null,
          membres_nouveaux: sealing?.newMembers.map(({ author: member, fingerprint }) => ({ auteur: member, empreinte: fingerprint })) ?? [],
          membres_changes:
            sealing?.changedMembers.map(({ author: member, fingerprint, pinned }) => ({ auteur: member, empreinte: fingerprint, connue: pinned })) ?? [],
          modifs: changes === undefined ? null : changesJson(changes),
          ttl: publication.ttlSeconds,
          ttl_max: ttlMax,
          expire_le: publication.expiresAt.toISOString(),
          octets: note.length,
          octets_session: session?.length ?? null,
          boite: mailbox.label,
          constats_acceptes: acceptedCount,
          commande_collegue: colleague[0],
          commandes_collegue: colleague,
          ...shown,
          vigilance: [...sharing.map((message) => ({ ligne: null, regle: 'partage-opencode', extrait: message })), ...shown.vigilance],
        });
      } else {
        process.stdout.write(renderPublication(publication, mailbox.label, ttlMax));
        if (changes !== undefined) process.stdout.write(renderChanges(changes));
        if (sealing) process.stdout.write(renderMemberKeys(team, sealing));
        if (sealing)
          process.stdout.write(
            `Scellée : signée par ${author} (empreinte ${sealing.author.fingerprint}), chiffrée pour ${sealing.members} membre(s) de l’équipe ${team} ; la boîte ne garde que le texte chiffré.\n`,
          );
        process.stdout.write(`Pour le collègue (même boîte, depuis la racine du projet) :\n${commandLines(colleague)}`);
        if (acceptedCount > 0) process.stdout.write(`${acceptedCount} constat(s) accepté(s) par le marqueur <!-- contexte:autorise -->.\n`);
        process.stdout.write(renderSenderAlerts(reading));
        for (const message of sharing) process.stdout.write(`Vigilance : ${message}\n`);
      }
    } finally {
      await mailbox.close();
    }
  },
};

/** The members' keys this author had not seen (pinned now) and those that changed (not sealed for), before « Scellée : … ». */
function renderMemberKeys(team: string, { newMembers, changedMembers }: Sealing): string {
  const lines = newMembers.map(
    ({ author, fingerprint }) => `Membre nouveau pour ce poste : ${author} (empreinte ${fingerprint}), retenue ; lisez-la à voix haute avec ${author}.\n`,
  );
  for (const { author, fingerprint, pinned } of changedMembers)
    lines.push(
      `Vigilance : l’identité enregistrée pour ${author} a changé (connue ${pinned}, enregistrée ${fingerprint}) : la note n’est PAS chiffrée pour cette clé. Vérifiez-la avec ${author}, puis : recuperer confiance ${team} ${author} --empreinte ${fingerprint}, et republiez.\n`,
    );
  return lines.join('');
}

/**
 * `publier identite`: the member's identity, made once; its public line is what
 * the team's owner registers. On a folder box, `--equipe` writes it in the
 * member's own author folder, whose owner is the identity's owner.
 */
async function showIdentity(env: NodeJS.ProcessEnv, json: boolean, team: string | undefined, author: string | undefined): Promise<void> {
  if (team !== undefined) validateName(team, 'equipe');
  if (team !== undefined && author === undefined) throw fail('identite-sans-auteur');
  if (author !== undefined) validateName(author, 'auteur');
  // On Redis the administration registers identities: refused before a key is made.
  const box = team === undefined ? undefined : await openFolderOnly(env, 'identite-redis');
  let registered: string | undefined;
  let loaded: LoadedIdentity;
  try {
    loaded = loadIdentity(env, true);
    if (loaded.status !== 'ok') throw identityFailure(loaded);
    if (box) registered = await box.registerIdentity(team!, author!, loaded.identity.line);
  } finally {
    await box?.close();
  }
  const { identity, created } = loaded;
  if (json) printJson({ identite: identity.line, empreinte: identity.fingerprint, creee: created, fichier: registered ?? null });
  else
    process.stdout.write(
      `${created ? 'Identité créée' : 'Identité existante'} : ${identityFolder(env)}\n${identity.line}\nempreinte : ${identity.fingerprint}\n${
        registered
          ? `Enregistrée pour l’équipe ${team} : ${registered}. Le propriétaire du dossier d’équipe la scelle avec « recuperer boite --sceller --equipe ${team} ».\n`
          : 'Transmettez cette ligne à l’administration de l’équipe (admin membre <equipe> <auteur> --identite <ligne>) et lisez-lui l’empreinte à voix haute : elle la compare avant d’enregistrer.\n'
      }`,
    );
}

/** What the refusal report calls the work in progress. */
const CHANGES_LABEL = 'modifications en cours (git diff HEAD)';

/**
 * The work in progress of the current folder's repository (`--modifs`), taken
 * only when the note's header names the commit it applies to: the reader
 * checks the note and the patch against the same commit.
 */
async function workInProgress(noteText: string) {
  const [{ collectChanges }, { readNoteClaims }] = await Promise.all([
    import('../lib/repository/work-in-progress.js'),
    import('../lib/repository/note-claims.js'),
  ]);
  const changes = collectChanges(process.cwd());
  switch (changes.status) {
    case 'not-a-repository':
      throw fail('modifs-hors-depot');
    case 'no-commit':
      throw fail('modifs-sans-commit');
    case 'too-big':
      throw fail('modifs-trop-grosses', { max: MAX_CHANGES_BYTES });
    case 'git-failed':
      throw fail('modifs-git');
  }
  const claimed = readNoteClaims(noteText).commit;
  if (claimed === undefined || !changes.base.startsWith(claimed)) throw fail('modifs-commit-different', { claimed: claimed ?? '', base: changes.base });
  return changes;
}

type Changes = Awaited<ReturnType<typeof workInProgress>>;

function changesJson(changes: Changes) {
  return changes.status === 'ok'
    ? { base: changes.base, fichiers: changes.files, non_suivis: changes.untracked, installation_du_pack: changes.packInstall, octets: changes.bytes.length }
    : { base: changes.base, fichiers: [], non_suivis: [], installation_du_pack: changes.packInstall, octets: 0 };
}

function renderChanges(changes: Changes): string {
  const pack =
    changes.packInstall.length > 0
      ? `Laissé de côté : l’installation du pack (${packFolders(changes.packInstall)}), non suivie, n’est pas du travail en cours.\n`
      : '';
  if (changes.status !== 'ok') return `Modifications en cours : aucune (dépôt propre) ; seule la note est publiée.\n${pack}`;
  const untracked = changes.untracked.length > 0 ? ` ; ${changes.untracked.length} fichier(s) non suivi(s), nommé(s) seulement (contenu non transmis)` : '';
  return `Modifications en cours : ${changes.files.length} fichier(s) suivi(s), sur le commit ${changes.base.slice(0, 12)}${untracked}.\n${pack}`;
}

/** The pack's install said short: its skill folders (not each file) and opencode.json. */
function packFolders(names: string[]): string {
  const folders = new Set(names.map((name) => /^(.+\/skills\/[^/]+)\//.exec(name)?.[1] ?? name).map((name) => (name === 'opencode.json' ? name : `${name}/`)));
  return [...folders].join(', ');
}

/** Said after a publication when OpenCode may still share the session with its vendor's service. */
const SHARING_ON = `le partage de session d’OpenCode n’est pas désactivé pour ce projet : une session partagée sortirait de l’équipe ; ajoutez ${SHARE_DISABLED} à opencode.json`;

/**
 * A refused publication is journaled too (rules and lines, never the secret).
 * Best effort: the refusal stands even when the mailbox cannot be reached.
 */
async function journalRefusal(env: NodeJS.ProcessEnv, team: string, author: string, checked: CheckedFile[]): Promise<void> {
  const detail = checked
    .flatMap(({ report }) => refusing(report).map((problem) => `${problem.rule}${problem.line !== undefined ? ` ligne ${problem.line}` : ''}`))
    .slice(0, 20)
    .join(', ');
  try {
    const mailbox = await openMailbox(env, 'publish');
    try {
      await mailbox.record({ kind: 'refus', team, author, detail });
    } finally {
      await mailbox.close();
    }
  } catch {
    process.stderr.write('(le refus n’a pas pu être inscrit au journal de la boîte)\n');
  }
}

function renderPublication(publication: Publication, mailbox: string, ttlMax: number): string {
  const keys = [publication.noteKey, publication.sessionKey, publication.changesKey].filter((key): key is string => key !== undefined);
  const expiry = formatMoment(publication.expiresAt);
  return (
    keys.map((key) => `Publié : ${key} (TTL ${publication.ttlSeconds}s)\n`).join('') +
    `Boîte : ${mailbox} ; expire dans ${formatDuration(publication.ttlSeconds)} (${expiry}) ; durée de vie maximale de la boîte : ${formatDuration(ttlMax)}\n`
  );
}

function reportRefusal(checked: CheckedFile[], json: boolean): void {
  if (json) printJson({ refus: checked.map(({ path, report }) => reportJson(path, report)) });
  const text = checked
    .filter(({ report }) => refusing(report).length > 0)
    .map(({ path, report }) => renderReport(path, report))
    .join('');
  process.stderr.write(
    `Refus : rien n’a été publié.\n${text}Corrigez ces points (verifier.js du skill partager-contexte refait les mêmes vérifications), puis relancez.\n`,
  );
}

void runProgram(program);
