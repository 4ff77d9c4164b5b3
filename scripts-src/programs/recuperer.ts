import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { commandLines, getCommands } from '../lib/cli/colleague-commands.js';
import { formatMoment, readingJson, renderReading } from '../lib/cli/report.js';
import { explainDenied, type Program, printJson, runProgram } from '../lib/cli/run.js';
import type { Guards } from '../lib/guards.js';
import { writeFileSafely } from '../lib/io/write-file-safely.js';
import type { JournalEvent, ListedEntry, Listing, ListQuery, Mailbox, TeamSealing, Vigilance } from '../lib/mailbox/contract.js';
import { isNoPermission } from '../lib/mailbox/errors.js';
import { type Handoff, handoffOf, handoffsByKey, stampDate } from '../lib/mailbox/handoffs.js';
import {
  flattenKey,
  isValidName,
  type KeyKind,
  type KeyParts,
  MAX_BYTES,
  MAX_STORED_BYTES,
  newerFirst,
  noteKeyOf,
  requireKey,
  validateName,
} from '../lib/mailbox/keys.js';
import { describeMailbox, openFolderOnly, openMailbox } from '../lib/mailbox/open.js';
import { sha256Of } from '../lib/mailbox/publish.js';
import { loadIdentity, type PublicIdentity } from '../lib/mailbox/sealed/identity.js';
import { normalizedFingerprint, PinnedKeys, pinsPath } from '../lib/mailbox/sealed/pinned-keys.js';
import { openSummary, pinnedIdentities, registeredIdentities, type Unsealed, unseal } from '../lib/mailbox/sealed/seal-publication.js';
import { formatDuration, parseDuration, parseTtlMax } from '../lib/mailbox/ttl.js';
import { fail } from '../lib/messages/failure.js';
import { ignoredByGit } from '../lib/project-safety.js';
import { formatSize } from '../lib/text/format-size.js';
import { escapeControls, quoteForMessage } from '../lib/text/quote.js';
import { recupererCommandLine } from './command-lines/recuperer.js';

/** The guards, loaded by the first command that shows someone else's text (lib/untrusted/guards.ts). */
let guards: Guards;
const loadGuards = async () => {
  guards ??= await import('../lib/guards.js');
  return guards;
};

const program: Program = {
  commandLine: recupererCommandLine,
  async main({ name, positionals, values, json }, env) {
    const option = (key: string) => values[key] as string | undefined;
    switch (name) {
      case 'list': {
        const ttlMax = parseTtlMax(env.CONTEXTE_TTL_MAX);
        const limit = shownLimit(option('limite'), values.tout === true, LIST_LIMIT);
        const query = listQuery(positionals[0], option('equipe'), option('auteur'));
        // A team's notes beyond those shown are not asked about: the index says how many are left.
        const limited = 'team' in query && Number.isFinite(limit) ? { ...query, limit } : query;
        return withMailbox(env, async (mailbox) => list(mailbox, limited, ttlMax, limit, json, env));
      }
      case 'get': {
        const [key, file] = positionals as [string, string | undefined];
        const parts = requireKey(key);
        if (values.cadre && json) throw fail('cadre-et-json');
        if (file === '-' && (values.cadre || json || values.force)) throw fail('sortie-standard-seule');
        const target: Target = file === undefined ? { path: join('partage', flattenKey(parts)), explicit: false } : { path: file, explicit: true };
        return withMailbox(env, (mailbox) => get(mailbox, key, target, { force: values.force === true, json, frame: values.cadre === true, env }));
      }
      case 'prendre': {
        const [key] = positionals as [string];
        const parts = requireKey(key);
        if (parts.kind !== 'contexte') throw fail('prendre-une-note', { key, note: noteKeyOf(parts) });
        return withMailbox(env, (mailbox) => take(mailbox, key, parts, values.force === true, json));
      }
      case 'confiance': {
        const [team, author] = positionals as [string, string];
        validateName(team, 'equipe');
        validateName(author, 'auteur');
        const fingerprint = normalizedFingerprint(option('empreinte')!);
        if (fingerprint === undefined) throw fail('empreinte-invalide');
        return withMailbox(env, (mailbox) => trust(mailbox, { team, author, fingerprint }, json, env));
      }
      case 'attendre': {
        const { team, author } = listQuery(undefined, option('equipe'), option('auteur')) as { team: string; author?: string };
        const rawDelay = option('delai') ?? DEFAULT_WAIT;
        const delay = awaitedDelay(rawDelay);
        const free = values.libres === true;
        return withMailbox(env, (mailbox) => awaitPublication(mailbox, { team, author }, { seconds: delay, raw: rawDelay }, { json, free }, env));
      }
      case 'supprimer': {
        const [key] = positionals as [string];
        requireKey(key);
        return withMailbox(env, (mailbox) => remove(mailbox, key, json));
      }
      case 'purger': {
        const team = validateName(option('equipe')!, 'equipe');
        if (!values.oui) throw fail('purge-non-confirmee', { team });
        return withMailbox(env, (mailbox) => purge(mailbox, team, json));
      }
      case 'journal': {
        const team = validateName(option('equipe')!, 'equipe');
        const since = new Date(Date.now() - parseDuration(option('depuis') ?? '24h') * 1000);
        const limit = shownLimit(option('limite'), values.tout === true, JOURNAL_LIMIT);
        return withMailbox(env, (mailbox) => journal(mailbox, team, since, limit, json));
      }
      case 'boite': {
        if (values.sceller) return sealFolderTeam(env, option('equipe'), json);
        const settings = describeMailbox(env);
        if (json) printJson(settings);
        else
          process.stdout.write(
            Object.entries(settings)
              .map(([setting, value]) => `${setting} : ${value}\n`)
              .join(''),
          );
        return;
      }
    }
  },
};

/** The shortest time between two listings of `attendre`, however often the mailbox wakes it. */
const MIN_RELIST_MS = 250;

/** `attendre` without --delai (a person at a terminal; the skill gives the agent's own, under its bash tool's limit). */
const DEFAULT_WAIT = '10min';

/** `attendre --delai`: a duration from 1 s to 24 h, in seconds. */
function awaitedDelay(raw: string): number {
  const seconds = parseDuration(raw);
  if (seconds < 1 || seconds > 86_400) throw fail('delai-hors-bornes', { raw });
  return seconds;
}

/**
 * `attendre`: the team's notes now, then every wake-up of the mailbox's watch
 * (lib/mailbox/contract.ts ActivityWatch) lists them again, until a note that
 * was not there appears or the delay passes. The watch starts before the first
 * listing, so a note published in between is not missed.
 */
async function awaitPublication(
  mailbox: Mailbox,
  query: { team: string; author?: string },
  delay: { seconds: number; raw: string },
  { json, free }: { json: boolean; free: boolean },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const delaySeconds = delay.seconds;
  const started = Date.now();
  const deadline = started + delaySeconds * 1000;
  const watch = await explainDenied(mailbox, mailbox.watch(query.team), 'refus-lister-equipe', { team: query.team });
  // Ctrl-C: one line, and the shell's code for an interrupted command.
  const interrupted = () => {
    watch.close();
    process.stderr.write(`Attente interrompue (Ctrl-C) après ${formatDuration(Math.round((Date.now() - started) / 1000))} : aucune note n’a été récupérée.\n`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const first = await denied(mailbox, query);
    const known = new Set(first.entries.map((entry) => entry.key));
    let lastListing = Date.now();
    // A misspelt team would be waited for in vain: said at once, on standard error, and waited for all the same.
    if (!first.teamKnown) {
      await loadGuards();
      for (const notice of listNotices(first, query, mailbox.label, env)) process.stderr.write(`${notice}\n`);
    }
    // Once the first listing is taken, anything published is heard: from here the colleague can publish.
    process.stderr.write(`En attente d’une nouvelle note pour ${teamShown(query)} (au plus ${formatDuration(delaySeconds)} ; boîte : ${mailbox.label})…\n`);
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const again = `recuperer attendre --equipe ${query.team}${query.author ? ` --auteur ${query.author}` : ''} --delai ${delay.raw}`;
        throw fail('attente-expiree', { box: mailbox.label, team: query.team, author: query.author, delay: formatDuration(delaySeconds), again });
      }
      await watch.next(left);
      // A teammate writing to their journal in a loop wakes the watch each time: the team is listed at most this often.
      await sleep(Math.max(0, lastListing + MIN_RELIST_MS - Date.now()));
      lastListing = Date.now();
      const listing = await denied(mailbox, query);
      const published = listing.entries.filter((entry) => !known.has(entry.key)).sort(newerFirst);
      for (const entry of published) known.add(entry.key);
      // --libres: a note a teammate already took is not waited for (it stays known: it does not wake us again).
      const handoffs = await handoffsOfEntries(mailbox, published);
      const fresh = free ? published.filter((entry) => handoffOf(handoffs.get(entry.parts.team), entry.key).takenBy === undefined) : published;
      if (fresh.length === 0) continue;
      await loadGuards();
      const entries = withHandoffs(await openSealedTitles(mailbox, fresh, env), handoffs);
      const ttlMax = parseTtlMax(env.CONTEXTE_TTL_MAX);
      const commands = entries.flatMap((entry) => getCommands(entry.key, [entry.sessionKey, entry.changesKey]));
      const waited = Math.round((Date.now() - started) / 1000);
      if (json) {
        printJson({
          notes: entries.map((entry) => listedJson(entry, ttlMax, mailbox.label)),
          commandes: commands,
          attente: waited,
          veille: watch.mode,
          boite: mailbox.label,
        });
        return;
      }
      process.stdout.write(renderList(entries, mailbox.label, teamShown(query), ttlMax));
      process.stdout.write(`Publiée après ${formatDuration(waited)} d’attente. Pour la récupérer (depuis la racine du projet) :\n`);
      process.stdout.write(commandLines(commands));
      return;
    }
  } finally {
    process.off('SIGINT', interrupted);
    watch.close();
  }
}

/** `boite --sceller --equipe <e>`: the team folder's owner seals a folder team. */
async function sealFolderTeam(env: NodeJS.ProcessEnv, team: string | undefined, json: boolean): Promise<void> {
  if (team === undefined) throw fail('sceller-sans-equipe');
  validateName(team, 'equipe');
  const box = await openFolderOnly(env, 'sceller-redis');
  try {
    const marker = await box.sealTeam(team);
    if (json) printJson({ equipe: team, scellee: true, fichier: marker, boite: box.label });
    else
      process.stdout.write(
        `Équipe ${team} scellée : ${escapeControls(marker)}\nBoîte : ${box.label}\nSes notes sont désormais signées par leur auteur et chiffrées pour les membres qui ont enregistré leur identité (publier identite --equipe ${team} --auteur <auteur>).\n`,
      );
  } finally {
    await box.close();
  }
}

/** How many notes `list` shows, and journal events `journal` shows, unless told otherwise: what an agent can read, not a team's whole history. */
const LIST_LIMIT = 200;
const JOURNAL_LIMIT = 500;

function shownLimit(value: string | undefined, all: boolean, byDefault: number): number {
  if (all && value !== undefined) throw fail('limite-et-tout');
  if (all) return Number.POSITIVE_INFINITY;
  if (value === undefined) return byDefault;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw fail('limite-invalide', { value });
  return Number(value);
}

/** What a limit left out, said after the rows: how many, and how to see them. */
function leftOut(hidden: number, what: string): string[] {
  return hidden > 0 ? [`${hidden} ${what} de plus non affiché(s) : --limite <n> ou --tout pour les voir.`] : [];
}

/** A team is listed by its index; a pattern by a scan (the workshop's `contexte:<equipe>:*` falls back to the index without the SCAN right). */
function listQuery(pattern: string | undefined, team: string | undefined, author: string | undefined): ListQuery {
  // No key holds a bare name (keys hold « : »): `list catalogue` means the team, as --equipe catalogue says it.
  if (team === undefined && pattern !== undefined && isValidName(pattern)) return listQuery(undefined, pattern, author);
  if (team !== undefined) {
    if (pattern !== undefined) throw fail('motif-et-equipe');
    return { team: validateName(team, 'equipe'), ...(author !== undefined ? { author: validateName(author, 'auteur') } : {}) };
  }
  if (author !== undefined) throw fail('auteur-sans-equipe');
  return { pattern: pattern ?? 'contexte:*' };
}

/** Where get writes: the default under partage/ must stay in the current folder. */
interface Target {
  path: string;
  explicit: boolean;
}

async function withMailbox(env: NodeJS.ProcessEnv, action: (mailbox: Mailbox) => Promise<void>): Promise<void> {
  const mailbox = await openMailbox(env);
  try {
    await action(mailbox);
  } finally {
    await mailbox.close();
  }
}

async function list(mailbox: Mailbox, query: ListQuery, ttlMax: number, limit: number, json: boolean, env: NodeJS.ProcessEnv): Promise<void> {
  const listing = await listWithFallback(mailbox, query);
  const sorted = listing.entries.sort(newerFirst);
  const shownEntries = sorted.slice(0, limit);
  // Asked first: the server reads the journals while the guards load.
  const handoffs = handoffsOfEntries(mailbox, shownEntries);
  handoffs.catch(() => undefined);
  // Titles, summaries and findings are someone else's text; an empty listing shows none.
  if (listing.entries.length > 0 || listing.anomalies.length > 0) await loadGuards();
  const entries = withHandoffs(await openSealedTitles(mailbox, shownEntries, env), await handoffs);
  const notices = [
    ...listNotices({ ...listing, entries }, query, mailbox.label, env),
    ...leftOut(sorted.length - entries.length + (listing.notExamined ?? 0), 'note(s)'),
  ];
  if (json) {
    for (const notice of notices) process.stderr.write(`${notice}\n`);
    printJson(entries.map((entry) => listedJson(entry, ttlMax, mailbox.label)));
    return;
  }
  const what = 'team' in query ? teamShown(query) : quoteForMessage(query.pattern);
  process.stdout.write(renderList(entries, mailbox.label, what, ttlMax));
  process.stdout.write(notices.map((notice) => `${notice}\n`).join(''));
}

/** A team query as the output names it: « l’équipe catalogue, auteur alice ». */
const teamShown = ({ team, author }: { team: string; author?: string }) => `l’équipe ${team}${author ? `, auteur ${author}` : ''}`;

/**
 * A listed note as shown: `unsigned` when its team is sealed and the note is not (get refuses it); `handoff`, who
 * took and read it (undefined when this user may not read the team's journals).
 */
type ShownEntry = ListedEntry & { unsigned?: true; handoff?: Handoff };

/** Each team's handoffs since its oldest note among `entries` (nothing about a note is journaled before its stamp); undefined for a team whose journals this user may not read. */
async function handoffsOfEntries(mailbox: Mailbox, entries: ListedEntry[]): Promise<Map<string, Map<string, Handoff> | undefined>> {
  const oldest = new Map<string, number>();
  for (const entry of entries)
    if (entry.parts.kind === 'contexte')
      oldest.set(entry.parts.team, Math.min(oldest.get(entry.parts.team) ?? Number.POSITIVE_INFINITY, stampDate(entry.parts).getTime()));
  const byTeam = new Map<string, Map<string, Handoff> | undefined>();
  for (const [team, since] of oldest) {
    const events = await mailbox.handoffs(team, new Date(since)).catch((error: unknown) => {
      if (isNoPermission(error)) return undefined;
      throw error;
    });
    byTeam.set(team, events && handoffsByKey(events));
  }
  return byTeam;
}

const withHandoffs = (entries: ShownEntry[], byTeam: Map<string, Map<string, Handoff> | undefined>): ShownEntry[] =>
  entries.map((entry) => {
    const team = byTeam.get(entry.parts.team);
    return team === undefined ? entry : Object.assign(entry, { handoff: handoffOf(team, entry.key) });
  });

/** Who took a note, as `list` shows it: « bob 2026-12-06 14:03 UTC », « — » when nobody did, « ? » when the journals are closed to this user. */
function takenShown(handoff: Handoff | undefined): string {
  if (handoff === undefined) return '?';
  if (handoff.takenBy === undefined) return '—';
  return `${guards.shownFromMailbox(handoff.takenBy)} ${handoff.takenAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A listed note as `list --json` and `attendre --json` give it. */
function listedJson(
  { key, parts, ttlSeconds, size, sha256, title, summary, sessionKey, changesKey, sealedSummary, unsigned, vigilance, handoff }: ShownEntry,
  ttlMax: number,
  label: string,
) {
  return {
    cle: key,
    type: parts.kind,
    equipe: parts.team,
    auteur: parts.author,
    horodatage: parts.stamp,
    ttl: ttlSeconds,
    ttl_max: ttlMax,
    taille: size,
    sha256: sha256 ?? null,
    titre: title === undefined ? null : guards.excerptOf(title),
    resume: summary === undefined ? null : guards.excerptOf(summary),
    cle_session: sessionKey ?? null,
    cle_modifs: changesKey ?? null,
    scellee: sealedSummary !== undefined,
    non_signee: unsigned === true,
    prise_par: handoff?.takenBy === undefined ? null : guards.shownFromMailbox(handoff.takenBy),
    prise_le: handoff?.takenAt?.toISOString() ?? null,
    lue_par: handoff === undefined ? null : handoff.readBy.map((user) => guards.shownFromMailbox(user)),
    alertes: headerAlerts(title, summary),
    vigilance: vigilance.map(vigilanceJson),
    boite: label,
  };
}

/**
 * A sealed team's titles and summaries, opened for a member (this machine's
 * identity) when the author's signature holds; for anyone else they stay
 * sealed and the row says so.
 */
async function openSealedTitles(mailbox: Mailbox, entries: ListedEntry[], env: NodeJS.ProcessEnv): Promise<ShownEntry[]> {
  if (entries.length === 0) return entries;
  const sealings = new Map<string, Promise<TeamSealing>>();
  const sealingOf = (team: string) => sealings.get(team) ?? sealings.set(team, mailbox.sealing(team)).get(team)!;
  const loaded = entries.some((entry) => entry.sealedSummary !== undefined) ? loadIdentity(env) : undefined;
  const reader = loaded?.status === 'ok' ? loaded.identity : undefined;
  const identities = new Map<string, { usable: Map<string, PublicIdentity>; changed: string[] }>();
  const opened: ShownEntry[] = [];
  for (const entry of entries) {
    const team = entry.parts.team;
    if (entry.sealedSummary === undefined) {
      // A plain note of a sealed team: get will refuse it (signature absente); the row says so before anyone tries.
      opened.push(entry.parts.kind === 'contexte' && (await sealingOf(team)).sealed ? { ...entry, unsigned: true } : entry);
      continue;
    }
    if (!identities.has(team)) identities.set(team, pinnedIdentities(team, registeredIdentities(await sealingOf(team)), env));
    const { usable, changed } = identities.get(team)!;
    const summary = openSummary(entry.sealedSummary, entry.parts, usable, reader);
    const { title: _title, summary: _summary, ...rest } = entry;
    // An author whose registered key is not the one this reader knows: the title stays sealed, and the row says why.
    const vigilance = changed.includes(entry.parts.author) ? [...entry.vigilance, identityChangedVigilance(team, entry.parts.author)] : entry.vigilance;
    opened.push({ ...rest, ...summary, vigilance });
  }
  return opened;
}

const identityChangedVigilance = (team: string, author: string): Vigilance => ({
  code: 'identite-changee',
  message: `l’identité enregistrée pour ${author} n’est plus celle que ce poste connaît : titre laissé scellé ; « recuperer get » dit les deux empreintes, « recuperer confiance ${team} ${author} --empreinte <e> » accepte la nouvelle après l’avoir vérifiée avec ${author}`,
});

/**
 * `confiance <equipe> <auteur> --empreinte <e>`: after reading the new fingerprint aloud with the teammate, this
 * machine pins it. Only the key the team registers now can be accepted: a fingerprint typed from somewhere else is refused.
 */
async function trust(
  mailbox: Mailbox,
  { team, author, fingerprint }: { team: string; author: string; fingerprint: string },
  json: boolean,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const registered = registeredIdentities(await mailbox.sealing(team)).get(author)?.fingerprint;
  if (registered !== fingerprint) throw fail('empreinte-differente', { team, author, given: fingerprint, registered });
  const pins = PinnedKeys.load(env);
  const previous = pins.pinned(team, author);
  if (previous !== fingerprint) pins.pin(team, author, fingerprint);
  const file = pinsPath(env);
  if (json) {
    printJson({
      equipe: team,
      auteur: author,
      empreinte: fingerprint,
      remplace: previous === fingerprint ? null : (previous ?? null),
      fichier: file,
      boite: mailbox.label,
    });
    return;
  }
  const replaced = previous === undefined ? '' : previous === fingerprint ? ' (elle l’était déjà)' : ` ; elle remplace ${previous}`;
  process.stdout.write(
    `Empreinte acceptée : ${author} de l’équipe ${team}, ${fingerprint}${replaced}\nFichier : ${escapeControls(file)} ; boîte : ${mailbox.label}\nSes notes se récupèrent de nouveau ; publier les scelle de nouveau pour ${author}.\n`,
  );
}

const denied = (mailbox: Mailbox, query: ListQuery) =>
  'team' in query
    ? explainDenied(mailbox, mailbox.list(query), 'refus-lister-equipe', { team: query.team })
    : explainDenied(mailbox, mailbox.list(query), 'refus-parcourir', {});

/** The workshop's `list 'contexte:<equipe>:*'` scans where SCAN is allowed (old scripts' notes included), else reads the team's index. */
async function listWithFallback(mailbox: Mailbox, query: ListQuery): Promise<Listing> {
  if (!('pattern' in query)) return denied(mailbox, query);
  const team = teamOfPattern(query.pattern);
  try {
    return await mailbox.list(query);
  } catch (error) {
    if (!team || !isNoPermission(error)) return denied(mailbox, query);
    const listing = await denied(mailbox, team);
    return { ...listing, unindexed: undefined };
  }
}

/** What the listing could not show as rows: index entries dropped, notes outside the index, an unknown team. */
function listNotices(listing: Listing, query: ListQuery, label: string, env: NodeJS.ProcessEnv): string[] {
  // An anomaly may quote what the mailbox holds (a foreign index entry's key): never a secret it holds.
  const notices = listing.anomalies.map((anomaly) => `Vigilance : ${guards.shownFromMailbox(anomaly.message)}`);
  const team = 'team' in query ? query.team : teamOfPattern(query.pattern)?.team;
  for (const entry of listing.entries)
    for (const finding of entry.vigilance) notices.push(`Vigilance : ${entry.key} : ${guards.shownFromMailbox(finding.message)}`);
  if (team === undefined) return notices;
  if (!listing.teamKnown) {
    const teams =
      listing.knownTeams === undefined
        ? 'la liste des équipes est réservée à l’administration'
        : listing.knownTeams.length > 0
          ? `équipes visibles : ${listing.knownTeams.join(', ')}`
          : 'aucune équipe n’y est inscrite';
    const old = label.startsWith('redis')
      ? ` ; des notes publiées par les anciens scripts (publier.sh) ne sont pas indexées : « recuperer list 'contexte:${team}:*' » (droit SCAN) les montre`
      : '';
    // The default folder box is this account's own: a colleague's notes are never there.
    const own =
      label.startsWith('dossier') && !env.CONTEXTE_DIR
        ? ' C’est la boîte par défaut de ce compte : chaque compte a la sienne, et les notes d’un collègue n’y sont pas ; pour partager, donnez aux deux la même boîte (CONTEXTE_DIR vers un dossier commun, voir le README) ou un Redis.'
        : '';
    notices.push(`L’équipe ${team} est inconnue de ${label} (${teams})${old}. Vérifiez l’orthographe de --equipe.${own}`);
  } else if (listing.unindexed === undefined && (listing.entries.length === 0 || 'pattern' in query) && label.startsWith('redis')) {
    // Said where it helps: a listing that shows nothing, or a pattern read from the index for want of SCAN, may hide the old scripts' notes.
    notices.push(
      `Les notes publiées par les anciens scripts (publier.sh) ne sont pas dans l’index : seuls « admin audit --equipe ${team} » ou « recuperer list 'contexte:${team}:*' » (droit SCAN) les montrent.`,
    );
  } else if (listing.unindexed !== undefined && listing.unindexed > 0) {
    notices.push(
      `${listing.unindexed} note(s) de l’équipe ${team} hors de l’index (publiées par un ancien script ?) : « admin audit --equipe ${team} --corriger » les indexe.`,
    );
  }
  return notices;
}

function teamOfPattern(pattern: string): { team: string; author?: string } | undefined {
  const match = /^contexte:([^:*?[\]\\]+):(?:([^:*?[\]\\]+):)?\*$/.exec(pattern);
  if (!match) return undefined;
  const [, team, author] = match as unknown as [string, string, string | undefined];
  if (!isValidName(team) || (author !== undefined && !isValidName(author))) return undefined;
  return { team, ...(author !== undefined ? { author } : {}) };
}

const vigilanceJson = (finding: Vigilance) => ({ regle: finding.code, message: guards.shownFromMailbox(finding.message) });

/** The header fields `list` shows (title, summary) read like the note: their alerts, with the field they come from. */
function headerAlerts(title: string | undefined, summary: string | undefined) {
  const fields = [
    ['titre', title],
    ['resume', summary],
  ] as const;
  return fields.flatMap(([field, value]) =>
    value === undefined ? [] : guards.readField(value).alertes.map((alert) => ({ champ: field, regle: alert.rule, extrait: alert.excerpt })),
  );
}

function renderList(entries: ShownEntry[], mailbox: string, what: string, ttlMax: number): string {
  const head = `Boîte : ${mailbox} ; durée de vie maximale : ${formatDuration(ttlMax)}`;
  if (entries.length === 0) return `${head}\nAucune note pour ${what}.\n`;
  const header = ['ÉQUIPE', 'AUTEUR', 'HORODATAGE', 'RESTE', 'TAILLE', 'CLÉ', 'PRISE PAR', 'TITRE'];
  const rows = entries.map(({ key, parts, ttlSeconds, size, title, summary, vigilance, sessionKey, changesKey, sealedSummary, unsigned, handoff }) => [
    parts.team,
    parts.author,
    parts.stamp,
    ttlSeconds < 0 ? 'sans limite' : formatDuration(ttlSeconds),
    formatSize(size),
    // A note published with its session export or work in progress says so: `get session:…`, `get modifs:…` fetch them.
    `${key}${sessionKey ? ' +export' : ''}${changesKey ? ' +modifs' : ''}`,
    parts.kind === 'contexte' ? takenShown(handoff) : '',
    // Written by someone else: shown escaped and short, as data, and flagged when it tries to steer the reader.
    `${sealedSummary ? '[SCELLÉE] ' : ''}${unsigned ? '[NON SIGNÉE] ' : ''}${headerAlerts(title, summary).length > 0 ? '[ALERTE] ' : ''}${vigilance.length > 0 ? '[VIGILANCE] ' : ''}${title === undefined ? '' : guards.excerptOf(title).slice(0, 60)}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return `${head} ; ${entries.length} note(s) pour ${what}\n${[header, ...rows].map(format).join('\n')}\n`;
}

async function get(
  mailbox: Mailbox,
  key: string,
  target: Target,
  options: { force: boolean; json: boolean; frame: boolean; env: NodeJS.ProcessEnv },
): Promise<void> {
  const parts = requireKey(key);
  const { kind } = parts;
  await loadGuards();
  const fetched = await explainDenied(mailbox, mailbox.get(key, MAX_STORED_BYTES(kind)), 'refus-lire', { key });
  if (fetched === undefined) throw fail('cle-introuvable', { box: mailbox.label, key, team: parts.team });
  if ('oversized' in fetched) throw fail('valeur-trop-grosse', { box: mailbox.label, key, size: fetched.size, max: MAX_BYTES[kind] });
  // A sealed team's value is given back only once its author's signature holds (lib/mailbox/sealed).
  const opened = unseal(key, parts, fetched.value, await mailbox.sealing(parts.team), options.env);
  const { value } = opened;
  if (value.length > MAX_BYTES[kind]) throw fail('valeur-trop-grosse', { box: mailbox.label, key, size: value.length, max: MAX_BYTES[kind] });
  const { vigilance } = fetched;
  // A reading is journaled once delivered: a refused one (file exists, signature invalid) is not a reading.
  const journalReading = () =>
    mailbox.record({ kind: 'lecture', team: parts.team, author: parts.author, key, sha256: fetched.sha256, size: fetched.value.length });
  if (target.path === '-') {
    toStandardOutput(value, key, parts, mailbox.label, vigilance, opened);
    return journalReading();
  }
  await writeFileSafely(target.path, value, { force: options.force, within: target.explicit ? undefined : process.cwd() });
  await journalReading();
  // Written by default under partage/: say so when git would commit it (our installer excludes it; other installers do not).
  const ignored = target.explicit ? undefined : ignoredByGit(target.path, process.cwd());
  const reading = readFetched(kind, value);
  const notIgnored =
    (await ignored) === false
      ? `${target.path} n’est pas ignoré par git : ajoutez /partage/ à .git/info/exclude (ou à .gitignore) pour ne pas le committer`
      : undefined;
  // Inside a git repository, a note is compared with it (lire --depot): what git says, before the note is read.
  const repository = kind !== 'contexte' || !(options.json || options.frame) ? undefined : await repositoryReport(value.toString('utf8'));
  if (options.json) {
    // The bytes written: a sealed note's plaintext, otherwise the stored bytes the driver already hashed.
    const sha256 = opened.sealed ? sha256Of(value) : fetched.sha256;
    const shown = readingJson(reading);
    // What the mailbox found (the value changed since publication, no expiry…) joins the reading's points of vigilance.
    const stored = vigilance.map((finding) => ({ ligne: null, regle: finding.code, extrait: guards.shownFromMailbox(finding.message) }));
    const project = notIgnored ? [{ ligne: null, regle: 'partage-non-ignore', extrait: notIgnored }] : [];
    printJson({
      cle: key,
      fichier: target.path,
      octets: value.length,
      sha256,
      boite: mailbox.label,
      scellee: opened.sealed,
      signature: opened.signature,
      empreinte: opened.fingerprint ?? null,
      empreinte_apprise: opened.learned === true,
      ...shown,
      vigilance: [...stored, ...project, ...shown.vigilance],
      ...(repository ? { etat_depot: repository.json } : {}),
    });
    return;
  }
  const shown = escapeControls(target.path);
  process.stdout.write(`Écrit : ${shown} (${value.length} octets)\nBoîte : ${mailbox.label} ; clé ${key}\n`);
  if (opened.sealed) process.stdout.write(`${signatureLine(opened, parts.author)}\n`);
  for (const finding of vigilance) process.stdout.write(`Vigilance (boîte) : ${guards.shownFromMailbox(finding.message)}\n`);
  if (notIgnored) process.stdout.write(`Vigilance : ${escapeControls(notIgnored)}\n`);
  if (kind === 'session')
    process.stdout.write(`Export de session : chargez-le uniquement avec « ${guards.IMPORT_COMMAND(shown)} », jamais avec votre propre lecture.\n`);
  if (kind === 'modifs')
    process.stdout.write(
      `Modifications en cours : rien n’est appliqué. Vérifiez-les avec « lire <note> --depot --modifs ${shown} », puis proposez « git apply ${shown} » à l’utilisateur et attendez son accord.\n`,
    );
  process.stdout.write(renderReading(reading));
  if (repository) process.stdout.write(`\n${repository.text}`);
  if (options.frame) process.stdout.write(`\n${guards.frameUntrusted(value.toString('utf8'), key)}`);
}

/** The « État du dépôt » of a fetched note against the repository of the current folder; undefined outside one. */
async function repositoryReport(text: string) {
  const { reportRepository } = await import('../lib/cli/repository-report.js');
  const report = reportRepository(text, process.cwd(), guards.excerptOf);
  return report.state.relation === 'pas-un-depot' ? undefined : report;
}

/** What a sealed value's reader is told: the signature verified against the author's registered identity. */
const signatureLine = (opened: Unsealed, author: string) =>
  `Signature : ${opened.signature} — ${author} (empreinte ${opened.fingerprint}) ; note déchiffrée pour vous, la boîte ne garde que le texte chiffré${
    opened.learned
      ? `\nEmpreinte apprise : première note de ${author} lue sur ce poste ; son empreinte est retenue (une autre clé, plus tard, sera refusée). Lisez-la à voix haute avec ${author} pour la vérifier.`
      : ''
  }`;

/** Someone else's bytes, read as what they are: a note, a session export (JSON), a work in progress (a patch, read as code). */
function readFetched(kind: KeyKind, value: Buffer) {
  return kind === 'session' ? guards.readExport(value) : kind === 'modifs' ? guards.readPatch(value) : guards.inspectNote(value);
}

/** `get <cle> -`: the bytes on standard output, everything said about them on standard error. */
function toStandardOutput(value: Buffer, key: string, parts: KeyParts, label: string, vigilance: Vigilance[], opened: Unsealed): void {
  process.stdout.write(value);
  const reading = readFetched(parts.kind, value);
  process.stderr.write(`Lu : ${key} (${value.length} octets) ; boîte : ${label}\n`);
  if (opened.sealed) process.stderr.write(`${signatureLine(opened, parts.author)}\n`);
  for (const finding of vigilance) process.stderr.write(`Vigilance (boîte) : ${guards.shownFromMailbox(finding.message)}\n`);
  process.stderr.write(renderReading(reading));
}

/**
 * `prendre <cle>`: this reader takes the handoff, journaled in their own journal (`prise`). A note a teammate already
 * took is not taken again without --force: the line says by whom (exit 0), so two people do not resume the same work.
 */
async function take(mailbox: Mailbox, key: string, parts: KeyParts, force: boolean, json: boolean): Promise<void> {
  const present = await explainDenied(mailbox, mailbox.get(key, 0), 'refus-lire', { key });
  if (present === undefined) throw fail('cle-introuvable', { box: mailbox.label, key, team: parts.team });
  await loadGuards();
  const events = await mailbox.handoffs(parts.team, stampDate(parts)).catch((error: unknown) => {
    if (isNoPermission(error)) return undefined;
    throw error;
  });
  const before = events === undefined ? undefined : handoffOf(handoffsByKey(events), key);
  const previous = before?.takenBy;
  const mine = previous === mailbox.user;
  const taken = !mine && (previous === undefined || force);
  const now = new Date();
  if (taken) await explainDenied(mailbox, mailbox.record({ kind: 'prise', team: parts.team, author: parts.author, key }), 'refus-prendre', { key });
  const who = previous === undefined ? undefined : guards.shownFromMailbox(previous);
  const when = before?.takenAt;
  const notices: string[] = [];
  if (events === undefined)
    notices.push(
      'Vigilance : les journaux de l’équipe vous sont fermés (utilisateur Redis fait avant « prendre » : admin utilisateur le met à jour) : personne n’a pu vérifier si un collègue l’avait déjà prise.',
    );
  if (previous !== undefined && !mine && !taken)
    notices.push(
      `Vigilance : ${key} est déjà prise par ${who} (${formatMoment(when!)}) : rien n’a été enregistré. Voyez avec ${who} avant de reprendre le même travail ; « recuperer prendre ${key} --force » la prend quand même.`,
    );
  if (previous !== undefined && !mine && taken)
    notices.push(`Vigilance : elle était prise par ${who} (${formatMoment(when!)}) : vous la prenez à sa place (--force) ; prévenez ${who}.`);
  if (json) {
    printJson({
      cle: key,
      prise: taken,
      prise_par: taken ? guards.shownFromMailbox(mailbox.user) : (who ?? null),
      prise_le: taken ? now.toISOString() : (when?.toISOString() ?? null),
      deja_prise_par: mine ? null : (who ?? null),
      lue_par: before?.readBy.map((user) => guards.shownFromMailbox(user)) ?? null,
      vigilance: notices.map((notice) => notice.replace(/^Vigilance : /, '')),
      boite: mailbox.label,
    });
    return;
  }
  if (taken)
    process.stdout.write(
      `Prise : ${key} par ${guards.shownFromMailbox(mailbox.user)} (${formatMoment(now)})\nBoîte : ${mailbox.label} ; l’équipe le voit dans « recuperer list » (colonne PRISE PAR).\n`,
    );
  else if (mine) process.stdout.write(`${key} est déjà prise par vous (${formatMoment(when!)}) : rien de plus n’est enregistré.\nBoîte : ${mailbox.label}\n`);
  process.stdout.write(notices.map((notice) => `${notice}\n`).join(''));
}

async function remove(mailbox: Mailbox, key: string, json: boolean): Promise<void> {
  const removed = await explainDenied(mailbox, mailbox.remove(key), 'refus-supprimer', { key });
  if (removed.length === 0) throw fail('cle-introuvable', { box: mailbox.label, key, team: requireKey(key).team });
  if (json) printJson({ supprimees: removed, boite: mailbox.label });
  else process.stdout.write(`${removed.map((deleted) => `Supprimé : ${deleted}`).join('\n')}\nBoîte : ${mailbox.label}\n`);
}

async function purge(mailbox: Mailbox, team: string, json: boolean): Promise<void> {
  const count = await explainDenied(mailbox, mailbox.purge(team), 'refus-purger', { team });
  if (json) printJson({ equipe: team, supprimees: count, boite: mailbox.label });
  else process.stdout.write(`Purgé : ${count} clé(s) de l’équipe ${team}\nBoîte : ${mailbox.label} (le journal est gardé)\n`);
}

async function journal(mailbox: Mailbox, team: string, since: Date, limit: number, json: boolean): Promise<void> {
  const report = await explainDenied(mailbox, mailbox.journal(team, since), 'refus-journal', { team });
  await loadGuards();
  // Oldest first, the most recent kept when a limit cuts.
  const events = report.events.slice(Math.max(0, report.events.length - limit));
  const notices = [
    ...leftOut(report.events.length - events.length, 'événement(s) plus ancien(s)'),
    ...report.anomalies.map((anomaly) => `Vigilance : ${guards.shownFromMailbox(anomaly.message)}`),
  ];
  // Every field was written by a teammate (a stream of theirs, a file of a shared folder): shown through the one escaping and mask.
  const field = (value: string | undefined) => (value === undefined ? null : guards.shownFromMailbox(value));
  const shown = (event: JournalEvent) => ({
    quand: event.at.toISOString(),
    evenement: event.kind,
    utilisateur: guards.shownFromMailbox(event.user),
    auteur: field(event.author),
    cle: field(event.key),
    sha256: field(event.sha256),
    octets: event.size ?? null,
    detail: field(event.detail),
    boite: mailbox.label,
  });
  if (json) {
    for (const notice of notices) process.stderr.write(`${notice}\n`);
    printJson(events.map(shown));
    return;
  }
  const lines = events.map((event) => {
    const fields = shown(event);
    return [
      formatMoment(event.at, true),
      event.kind.padEnd(11),
      `utilisateur ${fields.utilisateur}`,
      fields.auteur ? `auteur ${fields.auteur}` : '',
      fields.cle ?? '',
      event.size !== undefined ? `${event.size} o` : '',
      fields.sha256 ? `sha256 ${fields.sha256.slice(0, 12)}…` : '',
      event.detail ? guards.excerptOf(event.detail) : '',
    ]
      .filter(Boolean)
      .join('  ');
  });
  process.stdout.write(
    `Boîte : ${mailbox.label} ; journal de l’équipe ${team} depuis ${formatMoment(since)} : ${report.events.length} événement(s)\n${lines.join('\n')}${lines.length ? '\n' : ''}`,
  );
  process.stdout.write(notices.map((notice) => `${notice}\n`).join(''));
}

void runProgram(program);
