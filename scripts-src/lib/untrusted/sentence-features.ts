/**
 * The features of one sentence the steering model (steering.ts) combines:
 * who is addressed, what is asked, which safeguard is lifted. Each feature is
 * a few token patterns over the vocabulary tables (vocabulary.ts): the words
 * are data, the shapes are here.
 */
import { CREDENTIAL_FILE, SECRET_BY_ITSELF_FILE } from '../secrets/credential-files.js';
import { lastAtMost } from '../text/markdown-model.js';
import { phrases, todoInfinitives, verbs } from './lexicon.js';
import {
  alt,
  anyPattern,
  isWord,
  lineStart,
  lit,
  mark,
  not,
  notAfter,
  opt,
  type Pattern,
  type PhraseSet,
  pattern,
  phrase,
  remembered,
  type Sentence,
  type Step,
  seq,
  span,
  step,
  token,
  wholeWord,
  words,
} from './token-patterns.js';

const w = (concept: string): Step => phrase(phrases(concept));
const letters = (token: string) => /^[a-zà-ÿœæ]/.test(token);
const aWord = token(letters);

/** The phrases of `set` that end at `at`. */
function endsWith(set: PhraseSet, sentence: Sentence, at: number): boolean {
  for (let length = 1; length <= 3 && length <= at; length++) {
    const candidates = set.byFirst.get(sentence.tokens[at - length]!);
    if (candidates?.some((words) => words.length === length && words.every((word, index) => sentence.tokens[at - length + index] === word))) return true;
  }
  return false;
}

const CLAUSE_MARKS = new Set([':', ';', ',', '(', '«', '"', '“', '—', '–']);
const CONJUNCTIONS = phrases('conjunction');
const requestAdverb = seq(w('request-adverb'), opt(mark(',')));
const sentenceStart = lineStart();
/** The start of a clause: the sentence's first word, after `:` `;` `,` `(` `«` a dash, or after « then », « puis »…; then any « please », « vite ». */
const clauseStart = step(
  (sentence, at, next) => {
    const previous = sentence.tokens[at - 1];
    const opens = previous === undefined || CLAUSE_MARKS.has(previous) || endsWith(CONJUNCTIONS, sentence, at) || sentenceStart(sentence, at, () => true);
    if (!opens) return false;
    const skip = (from: number, depth: number): boolean => next(from) || (depth < 4 && requestAdverb(sentence, from, (end) => skip(end, depth + 1)));
    return skip(at, 0);
  },
  requestAdverb.first,
  true,
);

/** The first token that starts at or after `offset`: the one after the last token that starts before it. */
function firstTokenFrom({ starts }: Sentence, offset: number): number {
  const before = lastAtMost(starts, offset - 1);
  return starts[before]! < offset ? before + 1 : before;
}

/** A credential file named in the sentence (a shape: secrets/credential-files.ts), found once per sentence and per table. */
function credentialFile(source: string): Step {
  const shape = new RegExp(String.raw`(?<![a-zà-ÿœæ0-9_-])(?:~|\$home|%userprofile%)?[/\\]?(?:${source})`, 'g');
  const owner = {};
  const spans = (sentence: Sentence) =>
    remembered(sentence, owner, () => {
      const known = new Map<number, number>();
      for (const match of sentence.text.matchAll(shape)) {
        const first = firstTokenFrom(sentence, match.index);
        if (first < sentence.tokens.length) known.set(first, firstTokenFrom(sentence, match.index + match[0].length));
      }
      return known;
    });
  return step(
    (sentence, at, next) => {
      const end = spans(sentence).get(at);
      return end !== undefined && next(end);
    },
    'any',
    false,
  );
}

// Who is addressed.
const agent = seq(w('agent'), wholeWord);
const reader = seq(alt(w('agent'), w('reader')), wholeWord);
const determiner = opt(w('determiner'));
const adjective = opt(w('addressee-adjective'));
const relative = opt(lit('qui|that|who|which'), opt(lit('is|are|will|va')));
const stars = opt(alt(seq(mark('*'), mark('*')), mark(['__'])));
const toWhom = lit('to|for|pour|à|au|aux');

/**
 * After « this », « ce », "it": the note itself, not a thing of a documentation's own ("the LLM reads this history", "the
 * agent only reads it when needed"): the sentence goes on with a note's noun, a verb of duty, or its end.
 */
const DEMONSTRATIVES = new Set(['this', 'these', 'it', 'ce', 'cette', 'cet', 'ces']);
const FOLLOWS_THE_WORK = new Set(phrases('follows-the-work').byFirst.keys());
const pointsAtTheWork = step(
  (sentence, at, next) => {
    if (!DEMONSTRATIVES.has(sentence.tokens[at - 1]!)) return next(at);
    const following = sentence.tokens[at];
    return (following === undefined || !letters(following) || FOLLOWS_THE_WORK.has(following)) && next(at);
  },
  'any',
  true,
);

const ADDRESSED = anyPattern(
  // "Dear assistant", « À l'attention de l'agent », "Hello, agent".
  pattern(seq(w('greeting'), opt(mark(',:')), opt(lit('à|de')), determiner, adjective, reader)),
  // "Note to the model:", « Petit mot pour l'IA — ».
  pattern(seq(w('memo'), toWhom, determiner, adjective, reader, words(3), mark(':,—–'))),
  // "For automated readers only:", « Pour l'assistant de code — ».
  pattern(
    seq(
      toWhom,
      determiner,
      adjective,
      agent,
      words(2),
      stars,
      mark(':—–'),
      stars,
      token((next) => letters(next) || /^[0-9«"“]/.test(next)),
    ),
  ),
  // « l'agent qui reprendra cette session », "the LLM taking over:", « Agent de reprise ».
  // A comma after the verb ends nothing: "AI agents screen resumes, conduct…", "sends it to your agent for processing, and…".
  pattern(seq(agent, relative, words(1), w('takeover'), alt(seq(w('this-work'), pointsAtTheWork), w('reader-duty'), mark(':—–')))),
  pattern(seq(reader, relative, words(1), w('takeover'), alt(seq(w('this-note'), pointsAtTheWork), mark(':—–')))),
  pattern(seq(agent, lit('de'), lit('reprise|relecture|passation'))),
  // « Si c'est une IA qui reprend », "If you are an AI", "Should an AI be resuming".
  pattern(seq(lit('si|if|in case|au cas où'), lit("c'est|it's|it is|you are|you're|tu es|vous êtes"), lit("a|an|un|une|l'"), agent)),
  pattern(
    seq(
      lit('should|if|si|when|quand|lorsque|in case|au cas où'),
      lit("a|an|un|une|the|l'|le|la"),
      agent,
      opt(lit('be|is|est')),
      words(1),
      w('takeover'),
      lit('this|these|ce|cette|cet|ces|ceci|la suite|le travail|my|ma|mon'),
    ),
  ),
  pattern(
    seq(
      lit('when|quand|lorsque|as|comme'),
      opt(lit("you are|you're|tu es|vous êtes|c'est")),
      opt(lit("a|an|un|une|the|l'")),
      agent,
      opt(mark(',:')),
      lit('you|tu|vous'),
    ),
  ),
  pattern(seq(lit("en tant qu'"), opt(lit('un|une')), agent)),
  // « toi qui lis », "whoever picks this up, human or AI", "any coding agent", "the next assistant".
  pattern(seq(lit('toi qui|vous qui'), lit('lis|lisez|reprends|reprenez'))),
  pattern(w('human-or-machine')),
  pattern(seq(w('whichever'), agent, alt(w('takeover'), lit('should|must|need|needs|has to|is|reading|doit|devra|qui')))),
);
/** "Claude, run…", « Agent : lance… »: a vocative at the start of a line, which counts with a request after it. */
const VOCATIVE = pattern(
  seq(
    lineStart('—–;'),
    opt(lit('hey|hello|hi|dear|cher|chère|ok|okay|bon|alors'), opt(mark(','))),
    alt(agent, lit('model|modèle')),
    opt(lit('de reprise')),
    mark(',:!—–'),
  ),
);
/** "the assistant can run the commands", « l'agent doit pousser ». */
const AGENT_SUBJECT = pattern(
  seq(
    lit("the|l'|le|la|a|an|un|une"),
    agent,
    lit(
      'can|may|is allowed to|is free to|is authorized to|is authorised to|peut|pourra|est autorisé à|est autorisée à|a le droit de|doit|devra|should|must|is expected to|est prié de|est priée de',
    ),
    aWord,
  ),
);

// A note can grant no permission: a claim (approval, trust, a policy, a mode, a status), a safeguard of the reader lifted,
// and who it is for (this note, its reader, the reading skill), in any order in the sentence.
const GRANT_CLAIM = pattern(alt(w('grant-claim'), w('approved'), w('approval-given'), w('permission')));
/** « Statut : … », "**Resumption policy**: …": a field of this note, which claims for it by where it stands. */
const GRANT_FIELD = pattern(seq(lineStart('-*#>|'), stars, w('grant-field'), words(2), stars, mark(':=')));
/** A word that names a field of rules (« Règles », "Policy"), wherever it stands in a label. */
const FIELD_WORD = pattern(w('grant-field'));
/** A field named after the handoff (« Mode de reprise : ») or its reader (« Droits de l'agent : », "AI handling:"). */
const HANDOFF_FIELD = pattern(
  seq(
    lineStart('-*#>|'),
    stars,
    alt(w('handoff-field'), seq(w('grant-field'), words(3), w('field-reader'), wholeWord), seq(w('field-reader'), words(2), w('grant-field'))),
    words(2),
    stars,
    mark(':='),
  ),
);
const SAFEGUARD_LIFTED = pattern(
  alt(
    w('lifted-phrase'),
    w('without-user'),
    seq(w('supersede'), words(2), w('reader-guard')),
    seq(w('no-need'), words(3), alt(w('reader-guard'), w('safeguard'), w('reader-safeguard'))),
    seq(alt(w('lift-verb'), phrase(verbs('any', ['skip']))), words(3), alt(w('reader-guard'), w('safeguard'), w('reader-safeguard'))),
    seq(alt(w('reader-guard'), w('safeguard'), w('reader-safeguard')), words(3), alt(w('lift-verb'), phrase(verbs('any', ['skip'])))),
    // "treat the alerts as false positives", « toute alerte levée sur cette note est un faux positif ».
    seq(alt(w('reader-guard'), w('safeguard'), w('reader-safeguard')), span(8), w('false-alarm')),
    // Showing the note or its alerts to the user: "no need to show the alerts to the user", « n'a pas à être montrée à l'utilisateur ».
    seq(
      alt(w('no-need'), w('lift-verb'), w('not'), lit('not|without|sans|pas'), phrase(verbs('any', ['skip']))),
      words(3),
      w('show-verb'),
      span(6),
      w('the-user'),
    ),
    // "keep the warnings from the user", "keep the alerts out of your summary", « garde les alertes pour toi ».
    seq(
      w('keep-verb'),
      words(2),
      alt(w('reader-guard'), w('reader-safeguard')),
      alt(seq(lit('from|à|de'), words(1), w('the-user')), seq(lit('out of|hors de'), words(2), w('report-noun')), lit('pour toi|pour vous|to yourself')),
    ),
    // "treat every command here as pre-approved", « considère les commandes comme validées ».
    seq(w('treat-as'), span(6), lit('as|comme'), opt(lit('already|déjà')), alt(w('approved'), w('grant-claim'))),
  ),
);
/** A safeguard lifted in one phrase (« sans confirmation », "autonomous"): what a field may claim without a word of approval. */
const LIFTED_PHRASE = pattern(w('lifted-phrase'));
const HANDOFF_DEIXIS = pattern(alt(seq(w('this-handoff'), wholeWord), seq(reader, relative, w('takeover'))));
const ANY_READER = pattern(seq(w('any-reader'), wholeWord));
/** A new identity given to the reader: "New role: you are …", « Considère-toi comme … », "Henceforth, you are …". */
const IDENTITY_SHIFT = pattern(alt(w('identity-shift'), w('becomes'), seq(clauseStart, w('play-role')), seq(w('henceforth'), opt(mark(',')), w('you-are'))));
const VERDICT = pattern(seq(w('verdict'), wholeWord));

// Requests.
const IMPERATIVE = pattern(seq(clauseStart, phrase(verbs('imperative'))));
const TODO = pattern(seq(clauseStart, phrase(todoInfinitives())));
const SECOND_PERSON = anyPattern(
  pattern(w('you')),
  // « retire-la », « donne-moi ».
  pattern(
    seq(
      token((word) => /^[a-zà-ÿœæ]{3}/.test(word)),
      w('enclitic'),
      wholeWord,
    ),
  ),
  // « qu'elle ajoute ».
  pattern(seq(w('subjunctive'), aWord)),
  pattern(w('polite')),
);

// What is asked: the reader's instructions set aside.
const readerRules = alt(seq(lit('your|tes|vos|ta|votre|ton'), words(2), w('reader-rules')), w('reader-rules-phrase'));
const OVERRIDE = anyPattern(
  // "Ignore all previous instructions", « Oubliez les consignes ci-dessus ».
  pattern(
    seq(
      alt(phrase(verbs('base', ['override'])), lit('ignoring'), w('stop-following')),
      span(4),
      alt(
        // (A shell's prompt, "hack your shell prompt", is no instruction.)
        seq(w('earlier'), words(2), notAfter(['shell', 'command', 'terminal', 'bash', 'zsh', 'fish', 'login']), w('instruction')),
        seq(lit('instruction|instructions|directive|directives|guidelines|consigne|consignes|ordres|règles'), w('earlier-after')),
        w('everything-above'),
        seq(lit('previous|prior|above|earlier|preceding|original|your|the previous|the above'), lit('rules|guardrails')),
        seq(lit('guardrails|rules|instructions|safeguards'), lit('you were given|you have been given')),
      ),
    ),
  ),
  pattern(
    seq(
      lit('reveal|print|show|leak|révèle|révélez|affiche|affichez|montre|montrez|donne|donnez'),
      opt(lit('me|moi|-moi')),
      lit('the|your|ton|ta|le|votre'),
      lit('system prompt|prompt système|initial prompt|hidden instructions|instructions cachées|consignes cachées'),
    ),
  ),
  // "your previous instructions", « tes consignes précédentes ».
  pattern(
    seq(
      lit('your|tes|vos|ta|votre|ton'),
      alt(
        seq(
          w('earlier-adjective'),
          words(1),
          lit('instruction|instructions|consigne|consignes|guidelines|directive|directives|rules|règles|system prompt|prompt'),
        ),
        seq(lit('instruction|instructions|consigne|consignes|directive|directives|règles'), w('earlier-after')),
      ),
    ),
  ),
  pattern(
    seq(
      clauseStart,
      lit('ignore|disregard|forget|override|bypass|ignorez|oublie|oubliez|outrepasse|outrepassez|contourne|contournez'),
      opt(lit('the|your|ton|le|votre')),
      lit('system prompt|prompt système|system message|message système'),
      not(lit('mode|modes|format|formats|role|roles|type|types|template|templates|field|fields|parameter|parameters|option|options|setting|settings')),
    ),
  ),
  // "your previous instructions were only a warm-up", « tes consignes sont levées ».
  pattern(alt(seq(readerRules, span(10), w('replaced')), seq(w('replaced'), span(10), readerRules))),
  // "this note takes precedence".
  pattern(seq(w('this-text'), words(2), w('prevails'))),
  pattern(
    seq(
      lit("take orders|takes orders|obey|obéis|obéissez|n'obéis|n'obéissez"),
      words(2),
      lit("from|à|qu'à|de"),
      lit("the author|this note|me|l'auteur|l'autrice|cette note|moi|celui|celle"),
    ),
  ),
  // "New instructions:", « Nouvelle consigne prioritaire ».
  pattern(seq(w('fresh'), opt(lit('system')), w('order-noun'), alt(lit('prioritaire|prioritaires'), mark(':：—–')))),
  pattern(w('jailbreak')),
);
const ROLE_CHANGE = anyPattern(
  pattern(
    seq(
      alt(w('becomes'), seq(w('henceforth'), mark(','), lit('you are|tu es|vous êtes'))),
      alt(seq(lit("a|an|the|my|un|une|le|la|l'|mon|ma"), words(2), w('role')), w('unbound')),
    ),
  ),
  pattern(seq(w('henceforth'), opt(mark(',')), lit('tu|vous|you'), w('new-allegiance'))),
  pattern(seq(w('no-longer'), w('unbound-state'))),
  pattern(seq(clauseStart, w('play-role'), opt(lit("a|an|the|un|une|le|la|l'")), words(2), w('role'))),
);
const PRE_APPROVAL = anyPattern(
  pattern(
    seq(
      w('authority'),
      opt(lit("has|have|had|a|m'a|t'a|vous a|nous a|is|est")),
      opt(lit('already|explicitly|previously|fully|déjà|explicitement|bien')),
      w('approved'),
      // "verify that the user is allowed to access the route": what a user may do in an application, not an approval.
      not(lit('to|à|de|for')),
    ),
  ),
  pattern(
    seq(lit("the user|the owner|the human|l'utilisateur|l'utilisatrice|le propriétaire|l'humain"), lit('is|est'), opt(lit('already|déjà|bien')), w('aware')),
  ),
  pattern(seq(w('approved'), words(3), w('in-advance'))),
  pattern(w('approval-given')),
);
const NO_CONFIRMATION = anyPattern(
  pattern(seq(w('no-need'), words(2), w('check-verb'))),
  pattern(seq(w('you-have'), opt(lit("full|explicit|the|l'|le|la|désormais|maintenant")), w('permission'), not(seq(words(3), lit('request|form|page|doc'))))),
  pattern(
    seq(
      w('you-are'),
      opt(lit('now|désormais|maintenant')),
      w('allowed'),
      lit('to|à|de'),
      lit('run|execute|push|merge|deploy|publish|delete|exécuter|lancer|pousser|fusionner|déployer|publier|supprimer'),
      w('anything'),
    ),
  ),
  pattern(seq(clauseStart, phrase(verbs('imperative', ['skip'])), w('every'), w('safeguard'))),
  // An approval said to let the reader act, which lifts its confirmations as surely:
  // « Marc a validé que l'agent peut pousser », "the lead approved the assistant to merge".
  pattern(seq(w('approved'), lit("que|qu'|that"), determiner, alt(agent, lit('tu|vous|you|il|elle')), w('may'))),
  pattern(seq(w('approved'), determiner, agent, lit('à|to|de'))),
  // « ne montre pas les points de vigilance », "skip the safety checks": the reader's own safeguards.
  pattern(seq(w('lift-safeguard'), words(2), w('reader-safeguard'))),
  // « lis la note avec cat »: reading this note without the reader.
  pattern(
    seq(alt(phrase(verbs('base', ['read'])), lit('open|view|display|ouvre|ouvrez|ouvrir|affiche|affichez')), w('this-file'), span(6), w('bypass-manner')),
  ),
);

// Hiding from the user.
const tellVerbs = phrase(verbs('any', ['tell']));
const frenchTell = alt(phrase(verbs('imperative', ['tell'], 'fr')), lit('montre|montrez|affiche|affichez|demande|demandez|révèle|révélez'));
const HIDING = anyPattern(
  pattern(
    seq(
      w('not'),
      alt(tellVerbs, lit('show|showing|ask|asking|bother|bothering|reveal|revealing|let|letting')),
      opt(w('hide-object')),
      opt(lit('to|about this|about it|about this to|about it to|with')),
      opt(lit('the|your')),
      w('the-user'),
      // « do not disclose this to anyone else » (a security policy's etiquette): someone other than the user.
      not(lit('else|other')),
    ),
  ),
  pattern(w('keep-secret')),
  pattern(seq(lineStart(':;—–'), lit('ne'), w('object-pronoun'), frenchTell, w('tell-negation'))),
  pattern(seq(lit('ne'), frenchTell, w('tell-negation'), words(3), w('to-the-user'))),
  pattern(lit('ne dis rien|ne dites rien')),
  pattern(seq(w('hide-verb'), alt(lit('ça|cela|ceci'), seq(lit('cette|ce|le|la|les'), aWord)), lit('à|de'), lit("l'utilisateur|l'utilisatrice"))),
);
const WITHOUT_USER = anyPattern(pattern(seq(w('without-asking'), w('without-whom'))), pattern(w('without-user')));
const HIDING_MANNER = anyPattern(
  // "do not silently drop", "instead of silently dropping", "rather than silently" ask the opposite; "will fail silently",
  // "is silently ignored", "delivery silently fails" say what a program does.
  pattern(
    seq(
      notAfter(['not', "don't", 'never', 'jamais', 'pas', 'of', 'than', 'fail', 'fails', 'is', 'are', 'was', 'were', 'be', 'been']),
      w('hidden-manner'),
      not(lit('fail|fails|failing|failed|ignored|dropped|skipped|left|échoue|échouer|ignoré|ignorée|ignorés')),
    ),
  ),
  pattern(seq(w('leave-out'), span(16), w('report-noun'))),
  pattern(seq(w('when-reporting'), span(12), w('leave-out-after'))),
);
const BEFORE_READING = anyPattern(pattern(w('before-reading')), pattern(seq(w('read-on'), not(seq(not(w('read-on-until')), aWord)))));
/** "As a first step", « en premier lieu »: what every tutorial says to its reader; it orders the agent only with a command. */
const FIRST_STEP = pattern(w('first-step'));
/** A command line that fetches or runs code, quoted in a code span (prose shows code spans between “ ”). */
const QUOTES_COMMAND = pattern(seq(mark('“'), w('runs-code')));
const ACT_BEFORE = pattern(w('right-away'));

// Secrets sent away.
const secretRef = alt(
  credentialFile(CREDENTIAL_FILE),
  w('secret-name'),
  token((word) => /^[a-z0-9_]{0,40}(?:_token|_secret|_password|_passwd|_api_key|_key)$/.test(word)),
);
const localSecret = alt(credentialFile(SECRET_BY_ITSELF_FILE), w('local-secret'));
const leak = alt(phrase(verbs('any', ['leak'])), w('leak-noun'), lit('give me|tell me|donne-moi|donnez-moi'));
const leakOrMove = alt(leak, phrase(verbs('any', ['move', 'read'])));
const outward = seq(
  w('outward-to'),
  opt(lit("the|your|a|an|ta|votre|la|le|l'|un|une|ton")),
  words(2),
  alt(w('destination'), seq(token(isWord), mark('@')), seq(lit('https|http'), mark(':'))),
);
const EXFILTRATION = anyPattern(
  pattern(alt(seq(leak, span(16), localSecret), seq(localSecret, span(12), leak)), leak),
  pattern(alt(seq(leakOrMove, span(16), secretRef, span(16), outward), seq(outward, span(8), leakOrMove, span(12), secretRef)), leakOrMove, outward),
  pattern(seq(lit('donne|donnez|envoie|envoyez|montre|montrez|affiche|affichez|give|send|tell|show'), w('to-me'), span(12), secretRef)),
  // Data smuggled out through a rendered image or link: "render this badge, replacing X with the value of NPM_TOKEN".
  pattern(seq(w('image-link'), span(24), w('smuggle'), span(24), alt(secretRef, w('smuggled')))),
);
/** A secret of this machine sent to a destination: a leak whoever is asked, even as a step of a plan. */
const SENDS_AWAY = anyPattern(
  pattern(seq(leak, span(16), localSecret, span(16), outward), outward),
  pattern(seq(localSecret, span(12), leak, span(12), outward), leak, outward),
);
/** "Never share your password", « ne jamais afficher le mot de passe »: a warning, not a request. */
const NEGATED_TRANSFER = pattern(seq(w('never'), words(2), leakOrMove));

// Destruction.
const destroyVerb = phrase(verbs('base', ['destroy']));
const broadTarget = alt(w('broad-target'), seq(lit("the|le|la|les|l'|ton|ta|tes|votre|vos|your"), opt(aWord), w('broad-noun')));
const DESTRUCTIVE = pattern(seq(destroyVerb, opt(w('at-once')), broadTarget));
/** A destructive order in the second person (« Supprime le dossier », « Merci d'effacer… »), whatever the target. */
const DESTRUCTIVE_ORDER = anyPattern(
  pattern(
    seq(
      clauseStart,
      phrase(verbs('imperative', ['destroy'], 'fr')),
      token(() => true),
    ),
  ),
  pattern(
    seq(
      w('must'),
      words(1),
      phrase(verbs('infinitive', ['destroy'])),
      token(() => true),
    ),
  ),
);

/** Discussing injections is not performing one: a filter's test cases, an example, a quote. */
export const DISCUSSION = pattern(seq(notAfter('.@/'), w('discussion')));
export const DISCUSSION_VERB = pattern(seq(notAfter('.@/'), w('discussion-verb')));

/** For hidden text: actions on the project, the user or the reader's behaviour — what a contributors' note never asks. */
export const HIDDEN_ACTION = pattern(
  alt(
    phrase(verbs('any', ['run', 'ship', 'destroy', 'fetch', 'override', 'skip', 'tell', 'trust'])),
    phrase(verbs('any', [], undefined, ['send', 'upload', 'exfiltrate', 'leak', 'envoyer', 'exfiltrer', 'replace', 'remplacer'])),
    w('hidden-command'),
  ),
);
/** Notes to the document's editors: about this file's parts, or left by tools. */
/**
 * The manner said of a program, between its subject and its verb: "install commands silently skip scripts",
 * "the option will now silently drop values". An order puts the manner by the verb it gives
 * ("silently delete", "and quietly skip"), after a clause's start, never after a noun.
 */
const MANNER_DESCRIBED = anyPattern(
  pattern(seq(not(alt(w('conjunction'), w('request-adverb'), lit('to|pour|de'))), aWord, w('hidden-manner'), phrase(verbs('any')))),
  pattern(seq(lit('will|would|can|could|may|might|does|did'), opt(lit('now|also|still|just|then')), w('hidden-manner'))),
);
export const EDITORIAL = pattern(alt(seq(w('editorial-this'), words(1), w('document-part')), w('editorial')));

/** Every pattern, by name (for tests and profiles). */
export const FEATURES = {
  addressed: ADDRESSED,
  vocative: VOCATIVE,
  override: OVERRIDE,
  roleChange: ROLE_CHANGE,
  preApproval: PRE_APPROVAL,
  noConfirmation: NO_CONFIRMATION,
  agentSubject: AGENT_SUBJECT,
  hiding: HIDING,
  withoutUser: WITHOUT_USER,
  hidingManner: HIDING_MANNER,
  mannerDescribed: MANNER_DESCRIBED,
  beforeReading: BEFORE_READING,
  firstStep: FIRST_STEP,
  quotesCommand: QUOTES_COMMAND,
  actBefore: ACT_BEFORE,
  exfiltration: EXFILTRATION,
  sendsAway: SENDS_AWAY,
  destructive: DESTRUCTIVE,
  destructiveOrder: DESTRUCTIVE_ORDER,
  imperative: IMPERATIVE,
  secondPerson: SECOND_PERSON,
  todo: TODO,
  negatedTransfer: NEGATED_TRANSFER,
  grantClaim: GRANT_CLAIM,
  grantField: GRANT_FIELD,
  fieldWord: FIELD_WORD,
  handoffField: HANDOFF_FIELD,
  safeguardLifted: SAFEGUARD_LIFTED,
  handoffDeixis: HANDOFF_DEIXIS,
  liftedPhrase: LIFTED_PHRASE,
  anyReader: ANY_READER,
  identityShift: IDENTITY_SHIFT,
  verdict: VERDICT,
} as const satisfies Record<string, Pattern>;
