/**
 * Whether a sentence tries to steer whoever reads it. What makes text
 * dangerous is rarely one verb; it is who is addressed and what is asked:
 * - third-person prose ("the handler destroys the socket"), changelog entries
 *   and the author's own to-do list ("- Remove the feature flag next week")
 *   order nobody;
 * - a sentence that speaks to the reader as a machine (an agent, an
 *   assistant, a model, « l'outil qui reprend », "whoever picks this up,
 *   human or AI") steers, whatever it asks: an honest note talks to a
 *   colleague, not to the colleague's tools;
 * - a request (imperative, second person, polite form) steers when it
 *   overrides the reader's own instructions, claims the user's approval,
 *   hides something from the user, sends secrets away, or has something
 *   done before the note is even read.
 * A steering sentence inside quotes, or one that discusses injections (a
 * filter's test cases), is only worth a « vigilance ».
 *
 * Patterns read the revealed view (see text/normalise.ts) of one sentence;
 * none can backtrack beyond a few words (every repetition is bounded and
 * alternates disjoint character classes). A sentence only meets the patterns
 * whose key words it holds (see `candidateFeatures`).
 */

import { CREDENTIAL_FILE, SECRET_BY_ITSELF_FILE } from '../secrets/credential-files.js';

export type Level = 'alerte' | 'vigilance';

export interface Assessment {
  level: Level;
  rule: string;
}

// Word pieces, Unicode-aware (\w is ASCII-only in JavaScript).
const L = String.raw`[a-zà-ÿœæ0-9'’_-]`;
const GAP = (count: number) => String.raw`(?:[^a-zà-ÿœæ0-9\n]+${L}+){0,${count}}?[^a-zà-ÿœæ0-9\n]+`;
const SOME_WORDS = (count: number) => String.raw`(?:[a-zà-ÿœæ0-9'’-]+\s+){0,${count}}?`;
/** Whole words or phrases; one ending in an apostrophe (« merci d’ ») is followed by its word. */
const words = (list: string) => String.raw`(?<![a-zà-ÿœæ0-9_-])(?:${list})(?:(?<=['’])|(?![a-zà-ÿœæ0-9_]))`;
/** Patterns read lower-cased text (see `sentenceFeatures`): no case or Unicode flag, so they compile and run fast; letters are Latin with French accents. */
const compile = (source: string) => new RegExp(source);
const DETERMINER_NOT_POSSESSIVE = String.raw`(?:the |any |an? |l['’]|le |la |les |this |these |cet |cette |ce |ces |chaque |each |au |aux |du |des )?`;
const ADJECTIVE = String.raw`(?:next |new |following |incoming |current |reading |prochaine? |nouvel |nouvelle |nouveau |futur |future |cher |chère |petit |petite )?`;

/** Machines a note could speak to. */
const AGENT = String.raw`(?:ai|a\.i\.|ia|i\.a\.|llms?|large language models?|language models?|modèles? de langage|modèles? d['’]ia|assistants? de code|assistants? ia|agents? de code|agents? ia|agents? ai|coding (?:agents?|assistants?|tools?)|ai (?:agents?|assistants?|systems?|tools?|models?)|assistants?|assistantes?|agents?|bots?|robots?|copilot|copilote|claude|codex|gpt(?:-[\w.]+)?|chatgpt|gemini|opencode|cursor|automated (?:readers?|tools?|systems?|agents?|reviewers?)|intelligences? artificielles?|machines?)`;
/** Also nouns that only address when a relative clause says they read this (« l'outil qui reprend »). */
const READER = String.raw`(?:${AGENT}|models?|modèles?|outils?|tools?|instances?|lecteurs?|readers?|systèmes?|systems?)`;
const READING_VERB = String.raw`(?:lit|lis|lisez|lira|liront|relit|relis|relisez|relira|reprend|reprends|reprenez|reprendra|reprendront|prend la suite|prendra la suite|prends la suite|va (?:lire|résumer|reprendre|traiter|relire)|résume|résumera|analyse|analysera|traite|traitera|parcourt|reads?|reading|will (?:read|process|summari[sz]e|resume)|picks?(?: this| it)? up|picking(?: this| it)? up|takes? over|taking over|resum(?:e|es|ing)|continu(?:e|es|ing)|summari[sz](?:e|es|ing)|process(?:es|ing)|pars(?:e|es|ing)|working on|works on|travaill(?:e|es|ant) sur|en charge de)`;
const READING_OBJECT = String.raw`(?:\s+(?:this|these|it|ce|cette|cet|ces|la suite|le travail|the (?:note|handoff|file|repo|session|work)|la (?:note|passation|session)|les passations|le fichier|ce fichier|ma session|my|mon|ma|ici|here|le dépôt|this repo|ceci|cela|ça|est priée?|sont priée?s|doit|devra|must|should|is (?:expected|asked|required)|will need)(?![a-zà-ÿœæ])|\s*[:,—–])`;
/** What a generic reader (« l'outil », "the model") must be reading for the sentence to address it: this note. */
const NOTE_OBJECT = String.raw`\s+(?:this (?:note|handoff|context|file)|cette (?:note|passation|session)|ce (?:contexte|fichier)|la (?:note|passation|suite)|the (?:note|handoff)|ceci|cela|this)(?![a-zà-ÿœæ])`;

/**
 * Several forms of one feature, one pattern each: V8 compiles one big
 * alternation far more slowly than its parts, and a program reads one note.
 */
function anyOf(sources: string[]): Pick<RegExp, 'source' | 'test'> {
  const forms = sources.map(compile);
  return { source: sources.join('|'), test: (text: string) => forms.some((form) => form.test(text)) };
}

/** Each way of speaking to the reader as a machine. */
const ADDRESSEE = anyOf([
  // "Dear assistant", « À l'attention de l'agent », "Hello, agent".
  String.raw`${words(String.raw`dear|hello|hey|hi|attention|à l['’]attention d(?:e|u|es)|cher|chère|chers|chères|bonjour|salut`)}\s*[,:]?\s*(?:à |de )?${DETERMINER_NOT_POSSESSIVE}${ADJECTIVE}${READER}(?![a-zà-ÿœæ0-9_-])`,
  // "Note to the model:", « Message au modèle de langage : », « Petit mot pour l'IA — ».
  String.raw`${words(String.raw`note|message|mot|psa|reminder|memo|rappel`)}\s+(?:to|for|pour|à|au|aux)\s+${DETERMINER_NOT_POSSESSIVE}${ADJECTIVE}${READER}(?![a-zà-ÿœæ0-9_-])\s*${SOME_WORDS(3)}[:,—–]`,
  // "For automated readers only:", « Pour l'assistant de code — ».
  String.raw`${words(String.raw`to|for|pour|à|au|aux`)}\s+${DETERMINER_NOT_POSSESSIVE}${ADJECTIVE}${AGENT}(?![a-zà-ÿœæ0-9_-])\s*${SOME_WORDS(2)}(?:\*\*|__)?[:—–](?:\*\*|__)?[ \t]*[a-zà-ÿœæ0-9«"“]`,
  // « l'agent qui reprendra cette session », "the LLM taking over:", « Agent de reprise ».
  String.raw`${AGENT}\s+(?:(?:qui|that|who|which)\s+(?:is\s+|are\s+|will\s+|va\s+)?)?${SOME_WORDS(1)}${READING_VERB}${READING_OBJECT}`,
  String.raw`${READER}\s+(?:(?:qui|that|who|which)\s+(?:is\s+|are\s+|will\s+|va\s+)?)?${SOME_WORDS(1)}${READING_VERB}(?:${NOTE_OBJECT}|\s*[:—–])`,
  String.raw`${AGENT}\s+de\s+(?:reprise|relecture|passation)`,
  // « Si c'est une IA qui reprend », "Should an AI be resuming", "If you are an AI".
  String.raw`${words(String.raw`si|if|in case|au cas où`)}\s+(?:c['’]est|it['’]s|it is|you are|you['’]re|tu es|vous êtes)\s+(?:an? |une? |l['’])\s*${AGENT}(?![a-zà-ÿœæ0-9_-])`,
  String.raw`${words(String.raw`should|if|si|when|quand|lorsque|in case|au cas où`)}\s+(?:an? |une? |the |l['’]|le |la )\s*${AGENT}\s+(?:be\s+|is\s+|est\s+)?${SOME_WORDS(1)}${READING_VERB}\s+(?:this|these|ce|cette|cet|ces|ceci|la suite|le travail|my|ma|mon)(?![a-zà-ÿœæ])`,
  String.raw`${words(String.raw`when|quand|lorsque|as|comme`)}\s*(?:you are |you['’]re |tu es |vous êtes |c['’]est )?(?:an? |une? |the |l['’])?\s*${AGENT}\s*[,:]?\s*(?:you|tu|vous)\b`,
  String.raw`(?<![a-zà-ÿœæ])en tant qu['’]\s*(?:un |une )?${AGENT}(?![a-zà-ÿœæ0-9_-])`,
  // « toi qui lis », "whoever picks this up, human or AI", "any coding agent", "the next assistant".
  String.raw`${words(String.raw`toi qui|vous qui`)}\s+(?:lis|lisez|reprends|reprenez)\b`,
  String.raw`${words(String.raw`human or (?:ai|agent|machine|bot|model|assistant)|(?:ai|agent|machine|bot|model|assistant) or human|humain ou (?:ia|agent|machine|robot|modèle|assistant)|(?:ia|agent|machine|robot|modèle) ou humain`)}`,
  String.raw`${words(String.raw`any|whichever|whatever|n['’]importe quel(?:le)?|the next|the new|the incoming|le prochain|la prochaine|le nouvel|la nouvelle`)}\s+${AGENT}(?![a-zà-ÿœæ0-9_-])\s+(?:${READING_VERB}|should|must|needs?|has to|is|reading|doit|devra|qui)`,
]);
/** "Claude, run…", « Agent : lance… », "Model, when you…": a vocative at the start, which counts with a request after it. */
const VOCATIVE_START = compile(
  String.raw`(?:^|\n|[—–;]\s*)[^a-zà-ÿœæ0-9\n]*(?:(?:hey|hello|hi|dear|cher|chère|ok|okay|bon|alors)\s*,?\s*)?(?:${AGENT}|model|modèle)(?:\s+de\s+reprise)?\s*[,:!—–]`,
);

/** "the assistant can run the commands", « l'agent doit pousser »: counts only with something to steer (see `steeringRule`). */
const AGENT_SUBJECT = compile(
  String.raw`(?:the |l['’]|le |la |an? |une? )${AGENT}\s+(?:can|may|is allowed to|is free to|is authori[sz]ed to|peut|pourra|est autorisée? à|a le droit de|doit|devra|should|must|is expected to|est priée? de)\s+[a-zà-ÿœæ]`,
);

// Requests: imperative at the start of a clause, the second person, polite forms.
const CLAUSE_START = String.raw`(?:^[^a-zà-ÿœæ0-9]*|[:;,(«"—–]\s*|${words(String.raw`then|and|now|also|first|next|finally|so|just|puis|ensuite|et|alors|maintenant|aussi|enfin|donc|d['’]abord|sinon|mais|but`)}\s+)(?:${words(String.raw`please|kindly|just|simply|immediately|now|first|then|also|quickly|quietly|silently|go ahead and|s['’]il te plaît|s['’]il vous plaît|stp|svp|vite|bien|directement|simplement`)}[\s,]+)*`;
const EN_IMPERATIVE = String.raw`do|make|use|go|start|stop|call|create|update|edit|move|rename|follow|continue|proceed|clear|clean|keep|list|run|execute|exec|launch|invoke|paste|delete|remove|erase|wipe|destroy|drop|truncate|purge|overwrite|reset|revert|format|kill|disable|deactivate|uninstall|push|force-push|merge|commit|deploy|publish|release|approve|accept|grant|give|send|post|upload|email|mail|forward|share|leak|exfiltrate|transmit|submit|print|echo|show|display|reveal|dump|output|fetch|download|install|insert|append|include|write|modify|replace|export|copy|ignore|disregard|forget|override|bypass|skip|tell|say|respond|reply|answer|summari[sz]e|pretend|act|behave|become|ensure|visit|navigate|click|obey|comply|report|mark|treat|consider|trust|leave|omit|add|set|change|open|read|type|enter`;
const FR_IMPERATIVE = String.raw`ne tiens pas compte|ne tenez pas compte|ne tiens plus compte|ne tenez plus compte|fais abstraction|faites abstraction|passe outre|passez outre|lance|lancez|exécute|exécutez|supprime|supprimez|efface|effacez|vide|videz|détruis|détruisez|écrase|écrasez|purge|purgez|formate|formatez|réinitialise|réinitialisez|pousse|poussez|fusionne|fusionnez|merge|mergez|commite|commitez|déploie|déployez|publie|publiez|approuve|approuvez|valide|validez|accepte|acceptez|envoie|envoyez|transmets|transmettez|poste|postez|partage|partagez|copie|copiez|colle|collez|affiche|affichez|montre|montrez|révèle|révélez|donne|donnez|donne-moi|donnez-moi|imprime|imprimez|lis|lisez|ouvre|ouvrez|télécharge|téléchargez|installe|installez|ajoute|ajoutez|écris|écrivez|modifie|modifiez|change|changez|remplace|remplacez|désactive|désactivez|contourne|contournez|ignore|ignorez|oublie|oubliez|néglige|négligez|dis|dites|réponds|répondez|fais|faites|mets|mettez|exporte|exportez|tape|tapez|saisis|saisissez|relance|relancez|arrête|arrêtez|tue|tuez|nettoie|nettoyez|récupère|récupérez|inclus|incluez|recopie|recopiez|passe|passez|utilise|utilisez|obéis|obéissez|agis|agissez|continue|continuez|commence|commencez|applique|appliquez|considère|considérez|enchaîne|enchaînez|retire|retirez|marque|marquez|saute|sautez|traite|traitez|reprends|reprenez|signale|signalez|omets|omettez|laisse|laissez|remets|remettez|joins|joignez`;
const FR_INFINITIVE = String.raw`lancer|exécuter|supprimer|effacer|vider|détruire|écraser|purger|formater|réinitialiser|pousser|fusionner|déployer|publier|envoyer|transmettre|poster|partager|copier|coller|afficher|montrer|révéler|donner|imprimer|lire|ouvrir|télécharger|installer|ignorer|oublier|désactiver|contourner|exporter|recopier|inclure|ajouter|écrire|nettoyer|arrêter|relancer|approuver|valider|merger|commiter|remplacer|retirer|joindre`;
const IMPERATIVE = compile(String.raw`${CLAUSE_START}${words(`${EN_IMPERATIVE}|${FR_IMPERATIVE}`)}`);
const INFINITIVE_TODO = compile(String.raw`${CLAUSE_START}${words(FR_INFINITIVE)}`);
/** The reader in the second person, a French imperative with its pronoun (« retire-la »), a subjunctive order (« qu'elle ajoute »), polite forms. */
const SECOND_PERSON_REQUEST = compile(
  [
    String.raw`${words(String.raw`you|your|yourself|tu|te|toi|ton|ta|tes|vous|votre|vos`)}|(?<![a-zà-ÿœæ])t['’](?=[a-zà-ÿœæ])`,
    String.raw`(?<=[a-zà-ÿœæ]{3})-(?:toi|moi|le|la|les|lui|leur|nous|en|y)(?![a-zà-ÿœæ0-9-])`,
    String.raw`${words(String.raw`qu['’](?:il|elle|ils|elles)`)}\s+[a-zà-ÿœæ]+`,
    String.raw`${words(String.raw`please|kindly|make sure|be sure to|remember to|don['’]t forget to|it is (?:important|essential|critical|mandatory|required|vital|expected)|it would be (?:great|nice|good|helpful|ideal|best|perfect) if|i['’]d (?:like|love|appreciate)|i would (?:like|love|appreciate)|merci de|merci d['’]|veuillez|veuille|prière de|je (?:te|vous) (?:demande|prie|saurais gré) de|pense à|pensez à|n['’]oublie pas de|n['’]oubliez pas de|il (?:faut|faudra|faudrait) que|ce serait (?:bien|top|parfait|idéal|super) (?:que|si)|j['’]aimerais (?:bien )?que|je voudrais que|il serait (?:bon|bien|souhaitable) que|est priée? de|sont priée?s de|is expected to|are expected to|is asked to|is requested to|is required to|must|should|doit|doivent|devra|devront`)}`,
  ].join('|'),
);

// What is asked.
/** The reader's own instructions: no honest note mentions them. */
const READER_RULES = String.raw`(?:${words(String.raw`your|tes|vos|ta|votre|ton`)}\s+${SOME_WORDS(2)}(?:instructions?|consignes?|guidelines?|guardrails?|directives?|system prompt|prompt système|programming|training|operator|opérateur|opératrice|garde-fous|safety (?:rules|policy|policies|settings)|règles de sécurité|confirmation policy|politique de confirmation|configuration initiale|original (?:rules|instructions))|${words(String.raw`(?:règles|rules) (?:de|of) (?:votre|ta|your) (?:configuration|config|setup)|(?:policy|rules) you (?:were|are) (?:configured|given|told)|you were (?:configured|told|instructed|programmed|given)|tu as été (?:configuré|programmé)|vous avez été (?:configuré|programmé)|person at the keyboard|personne au clavier|what you were told|ce qu['’]on t['’]a dit`)})`;
const REPLACEMENT = String.raw`(?:ignore|ignorez|ignorer|disregard|forget|override|overrides|set aside|laisse[rz]? de côté|oublie|oubliez|néglige|outrepasse|contourne|replaces?|replaced|remplac[a-zà-ÿœæ]*|precedence|prioritaire|prioritaires|prévaut|prévalent|supersed[a-zà-ÿœæ]*|take orders|no longer|plus tenue?s?|n['’]es plus|n['’]êtes plus|ne s['’]appliquent plus|levée?s?|suspendue?s?|lifted|suspended|void|caduques?|obsolètes?|outdated|warm-up|échauffement|actual task|real task|vraie tâche|seules? valables?|only valid|celles qui suivent|those below|reset|remets? à zéro|réinitialise)`;
/** "your previous instructions", « tes consignes précédentes »: the reader's instructions, declared past. */
const READER_QUALIFIED = String.raw`${words(String.raw`your|tes|vos|ta|votre|ton`)}\s+(?:${words(String.raw`previous|prior|earlier|initial|original|old|current|existing|précédentes?|anciennes?|initiales?|actuelles?`)}\s+${SOME_WORDS(1)}(?:instructions?|consignes?|guidelines|directives?|rules|règles|system prompt|prompt)|(?:instructions?|consignes?|directives?|règles)\s+(?:précédentes?|antérieures?|initiales?|d['’]origine))`;
const OVERRIDE = anyOf([
  // "Ignore all previous instructions", « Oubliez les consignes ci-dessus »: the reader's instructions, not "generic instructions".
  String.raw`${words(String.raw`ignore|ignoring|disregard|forget|override|overrule|bypass|circumvent|discard|set aside|stop following|do not follow|don['’]t follow|no longer follow|ignore|ignorez|ignorer|oublie|oubliez|oublier|néglige|négligez|négliger|outrepasse|outrepassez|outrepasser|contourne|contournez|contourner|passe outre|passez outre|fais abstraction|faites abstraction|ne tiens (?:pas|plus) compte|ne tenez (?:pas|plus) compte|ne suis plus|ne suivez plus|ne respecte plus|ne respectez plus|laisse de côté|laissez de côté|remets à zéro|remettez à zéro`)}${GAP(4)}(?:${words(String.raw`all|any|every|previous|prior|above|earlier|preceding|original|initial|your|the above|the previous|the prior|tes|vos|ton|ta|les|toutes les|tous les|des|précédentes`)}\s+${SOME_WORDS(2)}${words(String.raw`instructions?|prompts?|directives?|guidelines|guardrails|system messages?|consignes?|ordres|garde-fous|règles de sécurité|safety rules|security rules|safety guidelines|règles de confirmation|confirmation rules|règles`)}|${words(String.raw`instructions?|directives?|guidelines|consignes?|ordres|règles`)}\s+${words(String.raw`above|ci-dessus|précédentes|antérieures|you were given|qu['’]on t['’]a données|qui précèdent`)}|${words(String.raw`ce qui précède|tout ce qui précède|ci-dessus|what you were told|ce qu['’]on t['’]a dit|the above|everything above|all of the above|tout ce qui est au-dessus`)}|${words(String.raw`previous|prior|above|earlier|preceding|original|your|the previous|the above`)}\s+${words(String.raw`rules|guardrails`)}|${words(String.raw`guardrails|rules|instructions|safeguards`)}\s+you (?:were|have been) given)`,
  String.raw`${words(String.raw`reveal|print|show|leak|révèle|révélez|affiche|affichez|montre|montrez|donne|donnez`)}\s+(?:me\s+|moi\s+|-moi\s+)?${words(String.raw`the|your|ton|ta|le|votre`)}\s+(?:system prompt|prompt système|initial prompt|hidden instructions|instructions cachées|consignes cachées)`,
  READER_QUALIFIED,
  String.raw`${CLAUSE_START}${words(String.raw`ignore|disregard|forget|override|bypass|ignore|ignorez|oublie|oubliez|outrepasse|outrepassez|contourne|contournez`)}\s+(?:the |your |ton |le |votre )?(?:system prompt|prompt système|system message|message système)(?!\s+(?:mode|format|role|type|template|field|parameter|option|setting)s?\b)`,
  // "your previous instructions were only a warm-up", « tes consignes sont levées », "this note takes precedence".
  String.raw`${READER_RULES}[^.\n]{0,50}?${words(REPLACEMENT)}|${words(REPLACEMENT)}[^.\n]{0,50}?${READER_RULES}`,
  String.raw`${words(String.raw`this note|cette note|ce paragraphe|this paragraph|this block|ce bloc|these instructions|ces consignes|celles qui suivent|the following|those below`)}\s+${SOME_WORDS(2)}(?:takes? precedence|prévaut|prime|est prioritaire|sont prioritaires|replaces?|remplacent|remplace|overrides?|supersedes?|fait foi|font foi)`,
  String.raw`${words(String.raw`takes? orders|obey|obéis|obéissez|n['’]obéis|n['’]obéissez`)}\s+${SOME_WORDS(2)}(?:from|à|qu['’]à|de)\s+(?:the author|this note|me|l['’]aut[a-zà-ÿœæ]+|cette note|moi|celui|celle)`,
  // "New instructions:", "IMPORTANT NEW INSTRUCTIONS", « Nouvelle consigne prioritaire ».
  String.raw`${words(String.raw`new|updated|revised|real|actual|true|hidden|secret|nouvelles?|nouveaux?|vraies?|véritables?|cachées?`)}\s+(?:system\s+)?${words(String.raw`instructions?|directives?|consignes?|orders|ordres|prompt`)}(?:\s+prioritaires?|\s*[:：—–])`,
  String.raw`${words(String.raw`system override|admin override|jailbreak|jailbroken|dan mode|god mode|mode dieu|mode sans restriction|unrestricted mode|without any restrictions|sans aucune restriction|aucune règle ne s['’]applique|no rules apply|elevated trust|confiance élevée|safety (?:filters?|rules|guidelines) (?:are|is) (?:off|disabled|lifted)`)}`,
]);
const ROLE_NOUN = String.raw`${SOME_WORDS(2)}(?:assistant|assistante|agent|ai|ia|model|modèle|bot|robot|admin|administrat[a-zà-ÿœæ]*|root|superuser|developer|développeur|owner|propriétaire|hacker|pirate|system|système|dan|shell|terminal|persona|character|personnage)(?![a-zà-ÿœæ0-9])`;
const ROLE_CHANGE = anyOf([
  String.raw`${words(String.raw`you are now|you['’]re now|you will now be|from now on,? you are|henceforth,? you are|tu es (?:désormais|maintenant|à présent|dorénavant)|vous êtes (?:désormais|maintenant|à présent|dorénavant)|tu deviens|vous devenez|you become`)}\s+(?:(?:an?|the|my|un|une|le|la|l['’]|mon|ma)\s*${ROLE_NOUN}|free|libres?|unrestricted|sans (?:aucune )?restriction|jailbroken|dan|en mode (?:admin[a-zà-ÿœæ]*|développeur|dieu|dan|root|sans restriction))`,
  String.raw`${words(String.raw`désormais|dorénavant|à partir de maintenant|à présent|from now on|from this point on|henceforth|starting now`)},?\s+(?:tu|vous|you)\s+(?:obéis|obéissez|réponds uniquement|répondez uniquement|ignores|ignorez|n['’]as plus à|n['’]avez plus à|ne dois plus (?:demander|respecter|suivre)|ne devez plus (?:demander|respecter|suivre)|travailles pour|travaillez pour|obey|answer only|respond only|reply only|only (?:answer|respond|reply|obey)|no longer (?:follow|obey|need to ask|have to ask|are bound)|work for|ignore|take orders)\b`,
  String.raw`${words(String.raw`you are no longer|you['’]re no longer|tu n['’]es plus|vous n['’]êtes plus`)}\s+(?:bound|restricted|limited|required|an? (?:ai|assistant|model)|un (?:assistant|agent|modèle)|une ia|tenue?s? (?:de|à|par)|obligée?s? (?:de|à)|soumise?s?)`,
  String.raw`${CLAUSE_START}${words(String.raw`act as|pretend to be|pretend you are|pretend you['’]re|pretend that you are|roleplay as|role-play as|play the role of|behave as|behave like|impersonate|joue le rôle d['’]?e?|jouez le rôle d['’]?e?|fais comme si tu étais|faites comme si vous étiez|fais semblant d['’]être|faites semblant d['’]être|comporte-toi comme|comportez-vous comme|agis comme|agissez comme|incarne|incarnez`)}\s*(?:an?\s+|the\s+|un\s+|une\s+|le\s+|la\s+|l['’])?${ROLE_NOUN}`,
]);
const APPROVAL = String.raw`(?:approved by|validée? par|approuvée? par|approved|approuvée?s?|authori[sz]ed|autorisée?s?|agreed|consented|confirmed|confirmée?s?|signed off|okayed|pre-?approved|pre-?authori[sz]ed|pré-?approuvée?s?|pré-?validée?s?|allowed|validée?s?|acceptée?s?|donné son (?:accord|feu vert|autorisation)|given (?:the )?(?:go-ahead|permission|approval|consent)|cleared)`;
const PRE_APPROVAL = anyOf([
  String.raw`${words(String.raw`the user|the owner|the human|the operator|the admin|the administrator|the maintainer|the team lead|your user|your operator|l['’]utilisat(?:eur|rice)|le propriétaire|l['’]humain|l['’]opérat(?:eur|rice)|l['’]admin(?:istrat(?:eur|rice))?|le responsable|la responsable|le rssi|the ciso`)}\s+(?:has\s+|have\s+|had\s+|a\s+|m['’]a\s+|t['’]a\s+|vous a\s+|nous a\s+|is\s+|est\s+)?(?:already\s+|explicitly\s+|previously\s+|fully\s+|déjà\s+|explicitement\s+|bien\s+)?${APPROVAL}`,
  String.raw`${words(String.raw`the user|the owner|the human|l['’]utilisat(?:eur|rice)|le propriétaire|l['’]humain`)}\s+(?:is|est)\s+(?:already\s+|déjà\s+|bien\s+)?(?:aware|fine with (?:it|this)|ok with (?:it|this)|okay with (?:it|this)|in the loop|au courant|d['’]accord|ok|prévenue?)\b`,
  String.raw`${APPROVAL}\s+${SOME_WORDS(3)}(?:d['’]avance|en amont|in advance|upfront|beforehand|ahead of time|au préalable|préalablement|for this (?:note|handoff|session|ticket)|pour (?:cette|ce) (?:note|passation|session|ticket))`,
  String.raw`${words(String.raw`already approved|already authori[sz]ed|déjà validée?s?|déjà approuvée?s?|déjà autorisée?s?|validation obtenue|accord obtenu|accord écrit|approval (?:was|has been|is) (?:already )?(?:given|granted|obtained)|written approval|sign-off (?:was|has been) given`)}`,
  String.raw`${words(String.raw`(?:consent|approval|permission|authori[sz]ation|accord|autorisation|validation) (?:was|has been|a été|est) (?:given|granted|obtained|donnée?|accordée?|obtenue?)`)}`,
]);
/** Lifting the reader's confirmations: "no need to ask", "you are allowed to run any command", « saute les confirmations ». An instruction by itself. */
const NO_CONFIRMATION = anyOf([
  String.raw`${words(String.raw`no need to|there is no need to|without needing to|you (?:don['’]t|do not|won['’]t|will not|no longer) need to|pas besoin de|aucun besoin de|inutile de|nul besoin de|tu n['’]as pas besoin de|vous n['’]avez pas besoin de|sans (?:avoir à|devoir)`)}\s+${SOME_WORDS(2)}(?:ask|check|confirm|verify|wait|request|demander|redemander|confirmer|vérifier|attendre|valider|consulter|confirmation|validation|permission|approval|autorisation)\b`,
  String.raw`${words(String.raw`you (?:have|['’]ve got|now have|are cleared)|tu as|vous avez`)}\s+(?:full\s+|explicit\s+|the\s+|l['’]|le\s+|la\s+|carte\s+|désormais\s+|maintenant\s+)?(?:permission|approval|authori[sz]ation|clearance|go-ahead|green light|carte blanche|blanche|autorisation|feu vert|accord|droits? d['’]écriture|le droit)\b(?![^.\n]{0,20}\b(?:request|form|page|doc)\b)`,
  String.raw`${words(String.raw`you are|you['’]re|tu es|vous êtes`)}\s+(?:now\s+|désormais\s+|maintenant\s+)?(?:allowed|authori[sz]ed|permitted|cleared|autorisée?s?)\s+(?:to|à|de)\s+(?:run|execute|push|merge|deploy|publish|delete|exécuter|lancer|pousser|fusionner|déployer|publier|supprimer)\s+(?:any|all|every|whatever|tout|toute|toutes|tous|n['’]importe)`,
  String.raw`${CLAUSE_START}${words(String.raw`skip|bypass|disable|saute|sautez|ignore|ignorez|désactive|désactivez|contourne|contournez`)}\s+(?:every|all|any|toutes les|tous les|les|chaque)\s+(?:confirmations?|confirmation prompts?|approval (?:steps?|prompts?)|validations?|demandes? de confirmation|étapes? de (?:contrôle|validation|confirmation)|control step|review step|checks?)\b`,
]);
const HIDING_ORDER = anyOf([
  String.raw`${words(String.raw`do not|don['’]t|never|no need to`)}\s+(?:tell|telling|inform|informing|notify|notifying|alert|alerting|mention|mentioning|show|showing|report|reporting|ask|asking|warn|warning|bother|bothering|disclose|disclosing|reveal|revealing|let|letting|flag|flagging|surface|surfacing)\s+(?:this\s+|it\s+|that\s+|anything\s+|them\s+)?(?:to\s+|about\s+(?:this|it)\s+(?:to\s+)?|with\s+)?(?:the\s+|your\s+)?(?:user|human|operator|owner|reviewer|person|anyone)\b`,
  String.raw`${words(String.raw`keep (?:this|it|that|these) (?:secret|hidden|quiet|private|between us|to yourself|confidential|out of (?:the|your) (?:reply|answer|summary|report))|hide (?:this|it|that|the (?:output|change|command|step|commands?)) from|behind the user['’]s back|without the user(?:['’]s)? (?:knowing|knowledge|noticing|consent)`)}`,
  String.raw`(?:^[^a-zà-ÿœæ0-9]*|[:;—–]\s*)${words(String.raw`ne`)}\s+(?:(?:le|la|les|lui|leur|en)\s+|l['’])(?:dis|dites|mentionne|mentionnez|signale|signalez|montre|montrez|affiche|affichez|demande|demandez|parle|parlez|révèle|révélez|raconte|racontez)\s+(?:rien|pas|jamais|surtout pas)\b|${words(String.raw`ne`)}\s+(?:dis|dites|mentionne|mentionnez|signale|signalez|montre|montrez|affiche|affichez|parle|parlez|révèle|révélez|raconte|racontez)\s+(?:rien|pas|jamais|surtout pas)\s+(?:[a-zà-ÿœæ]+\s+){0,3}?(?:à l['’]utilisat[a-zà-ÿœæ]+|à l['’]humain|à personne|à quiconque)|${words(String.raw`ne`)}\s+(?:dis|dites)\s+rien\b`,
  String.raw`${words(String.raw`ne (?:rien|pas|jamais|surtout pas) (?:lui |leur |en )?(?:dire|signaler|mentionner|montrer|afficher|remonter|parler|préciser|révéler|demander)|rien dire à|sans (?:en )?(?:parler|rien dire) à`)}`,
  String.raw`${words(String.raw`garde(?:z)? (?:ça|cela|le|la|les|ceci) (?:secret|pour toi|pour vous|entre nous)|(?:cache|cachez|masque|masquez) (?:ça|cela|ceci|cette [a-zà-ÿœæ]+|ce [a-zà-ÿœæ]+|le [a-zà-ÿœæ]+|la [a-zà-ÿœæ]+|les [a-zà-ÿœæ]+) (?:à|de) l['’]utilisat[a-zà-ÿœæ]+`)}`,
]);
/** Doing something without asking the user: steers when it is asked for (« fais-le sans demander à l'utilisateur »). */
const WITHOUT_USER = compile(
  words(
    String.raw`without (?:asking|telling|informing|notifying|warning|alerting|bothering|consulting)(?: (?:the |your )?(?:user|human|operator|owner|anyone|them)| (?:for )?(?:confirmation|permission|approval)| again)|without (?:user |any )?confirmation|without the user['’]s (?:knowledge|consent|approval)|sans (?:le |lui |leur |en )?(?:dire|signaler|mentionner|montrer|prévenir|demander|afficher)(?: à l['’]utilisat[a-zà-ÿœæ]+| à personne)?|sans (?:rien )?demander|sans (?:demander|attendre) (?:de |la |l['’]|son |leur )?(?:confirmation|validation|accord|avis|permission)|sans confirmation|sans validation|sans que (?:l['’]utilisat[a-zà-ÿœæ]+|personne|il|elle|l['’]humain) (?:ne )?(?:le )?(?:sache|voie|remarque|s['’]en rende compte)`,
  ),
);
/** Doing something unseen, or leaving it out of the report: steers when said to the reader (second person, vocative). */
const HIDING_MANNER = compile(
  [
    words(String.raw`silently|quietly|secretly|covertly|discreetly|en silence|silencieusement|discrètement|en douce|en cachette`),
    String.raw`${words(String.raw`omit|leave out|exclude|skip mentioning|passe sous silence|passez sous silence|omets|omettez|n['’]évoque pas|n['’]évoquez pas|tais|taisez|ne mentionne pas|ne mentionnez pas|laisse de côté|laissez de côté`)}[^.\n]{0,80}?(?:summary|report|answer|reply|response|résumé|réponse|restitution|compte rendu|rapport|mention)|${words(String.raw`when you (?:report|summari[sz]e|answer|reply)|quand tu (?:résumes|restitues|réponds)|dans ta (?:restitution|réponse|synthèse)`)}[^.\n]{0,60}?${words(String.raw`omit|leave out|skip|exclude|don['’]t mention|do not mention|n['’]indique pas|ne dis pas|tais|omets|passe sous silence|ne mentionne pas`)}`,
  ].join('|'),
);
/** Acting before the note is read: ordering the reader's own process. */
const BEFORE_READING = compile(
  words(
    String.raw`before (?:[a-zà-ÿœæ]+ing )?anything else|(?:then|only then|and only then) (?:read|continue reading)|(?:puis|et seulement ensuite|seulement ensuite) (?:lis|lisez|lire)|ne (?:lis|lisez) pas la suite|(?:don['’]t|do not) read (?:any )?(?:further|on)|tant que (?:tu n['’]as|vous n['’]avez) pas (?:exécuté|lancé)|until you (?:have|['’]ve) run|before (?:you )?(?:do anything|read(?:ing)? (?:further|on|the rest|any further|this note|the note|anything)|respond(?:ing)?|answer(?:ing)?|summari[sz](?:e|ing)|look(?:ing)? at|touch(?:ing)? anything|open(?:ing)? (?:any|the) files?)|as (?:a |the |your )?(?:very )?first (?:step|action|task)|first (?:mandatory|required) step|step zero|étape zéro|prior to anything|avant (?:toute (?:chose|autre (?:action|chose))|tout (?:le )?reste|tout|de (?:lire|poursuivre la lecture|répondre|résumer|faire quoi que ce soit|regarder|toucher|ouvrir)|même d['’](?:ouvrir|lire))|avant de lire|première étape obligatoire|étape obligatoire|puis seulement (?:reprendre|lire|continuer)|en (?:tout )?premier(?: lieu)?|dès (?:la reprise|la lecture|que (?:tu|vous) (?:lis|lisez|reprends|reprenez|ouvres|ouvrez))`,
  ),
);
const ACT_BEFORE = compile(
  words(
    String.raw`right away|immediately|at once|straight away|without delay|first of all|avant de (?:commencer|continuer|reprendre)|dès maintenant|dès à présent|immédiatement|tout de suite|sans attendre|sans tarder|d['’]emblée|de suite`,
  ),
);
/** A credential file (secrets/credential-files.ts), from its start: `~/.aws`, `$home/.netrc`, `c:\\users\\x\\.azure`, `id_rsa`. */
const FILE_REF = (files: string) => String.raw`(?<![a-zà-ÿœæ0-9_-])(?:~|\$home|%userprofile%)?[/\\]?(?:${files})`;
const SECRET_REF = String.raw`(?:${FILE_REF(CREDENTIAL_FILE)}|\bprintenv\b|${words(String.raw`env(?:ironment)? (?:variables?|vars?)|variables? d['’]environnement|passwords?|passwd|passphrases?|mots? de passe|credentials?|creds|identifiants|secrets?|(?:access|api|auth|bearer|github|gitlab|npm|slack|personal access|refresh|session) tokens?|tokens? (?:d['’]accès|d['’]api)|jetons? d['’]accès|clés? (?:privées?|ssh|d['’]api|api|secrètes?|d['’]accès)|api[ _-]?keys?|access keys?|private keys?|ssh keys?|cookies? de session|session cookies?`)}|(?<![a-zà-ÿœæ0-9_])[a-z0-9_]{0,40}(?:_token|_secret|_password|_passwd|_api_key|_key)(?![a-zà-ÿœæ0-9_])|rediscli_auth)`;
const LEAK_STEM = String.raw`(?:envo[a-zà-ÿœæ]*|transm[a-zà-ÿœæ]*|joi[gn][a-zà-ÿœæ]*|post|posts|posted|posting|poste|postes|postez|poster|poster[a-zà-ÿœæ]+|publie|publiez|publier[a-zà-ÿœæ]*|publish[a-zà-ÿœæ]*|partag[a-zà-ÿœæ]*|send|sends|sending|sent|upload[a-zà-ÿœæ]*|forward[a-zà-ÿœæ]*|e-?mail|e-?mails|e-?mailed|e-?mailing|mail|share|shares|shared|sharing|print[a-zà-ÿœæ]*|affich[a-zà-ÿœæ]*|montr[a-zà-ÿœæ]*|révél[a-zà-ÿœæ]*|reveal[a-zà-ÿœæ]*|dump[a-zà-ÿœæ]*|echo[a-zà-ÿœæ]*|leak[a-zà-ÿœæ]*|exfiltr[a-zà-ÿœæ]*|display[a-zà-ÿœæ]*|show[a-zà-ÿœæ]*|render[a-zà-ÿœæ]*|attach[a-zà-ÿœæ]*|donne-moi|donnez-moi|give me|tell me)`;
const MOVE_STEM = String.raw`(?:copi[a-zà-ÿœæ]*|copy|coll[a-zà-ÿœæ]*|paste[a-zà-ÿœæ]*|inclu[a-zà-ÿœæ]*|includ[a-zà-ÿœæ]*|append[a-zà-ÿœæ]*|ajout[a-zà-ÿœæ]*|add|mets|mettez|mettre|put|écri[a-zà-ÿœæ]*|write|recopi[a-zà-ÿœæ]*|cat|lis|read)`;
const OUTWARD = String.raw`(?:to|into|in|on|à|au|aux|dans|sur|vers)\s+(?:the\s+|your\s+|a\s+|an\s+|ta\s+|votre\s+|la\s+|le\s+|l['’]|un\s+|une\s+|ton\s+)?${SOME_WORDS(2)}(?:chat|conversation|response|reply|answer|réponse|message|issue|ticket|comment|commentaire|commit|pr|pull request|url|webhook|server|serveur|endpoint|pastebin|gist|slack|discord|teams|canal|channel|email|e-mail|mail|courriel|https?:|[a-zà-ÿœæ0-9._-]+@[a-zà-ÿœæ0-9.-]+|summary|résumé|synthèse|restitution|output|sortie|public)`;
/** Secrets that live on the reader's machine: reading them out is the leak. */
const LOCAL_SECRET = String.raw`(?:${FILE_REF(SECRET_BY_ITSELF_FILE)}|contenu (?:du|de) (?:fichier )?\.env|contents? of (?:the |your )?\.env|\bprintenv\b|${words(String.raw`env(?:ironment)? (?:variables?|vars?)|variables? d['’]environnement|rediscli_auth`)})`;
const EXFILTRATION = anyOf([
  String.raw`(?<![a-zà-ÿœæ])${LEAK_STEM}(?![a-zà-ÿœæ])[^\n]{0,80}?${LOCAL_SECRET}|${LOCAL_SECRET}[^\n]{0,60}?(?<![a-zà-ÿœæ])${LEAK_STEM}(?![a-zà-ÿœæ])`,
  String.raw`(?<![a-zà-ÿœæ])(?:${LEAK_STEM}|${MOVE_STEM})(?![a-zà-ÿœæ])[^\n]{0,80}?${SECRET_REF}[^\n]{0,80}?${OUTWARD}|${OUTWARD}[^.\n]{0,40}?(?<![a-zà-ÿœæ])(?:${LEAK_STEM}|${MOVE_STEM})(?![a-zà-ÿœæ])[^\n]{0,60}?${SECRET_REF}`,
  String.raw`${words(String.raw`donne|donnez|envoie|envoyez|montre|montrez|affiche|affichez|give|send|tell|show`)}[\s-]*(?:moi|me|nous|us)\b[^\n]{0,60}?${SECRET_REF}`,
  // Data smuggled out through a rendered image or link: "render this badge, replacing X with the value of NPM_TOKEN".
  String.raw`${words(String.raw`image|badge|pixel|lien|link|url|markdown`)}[^.\n]{0,120}?${words(String.raw`en remplaçant|replacing|replace|en y ajoutant|appending|append|with the value of|avec la valeur|encodée?|encoded|après q=|after q=`)}[^.\n]{0,120}?(?:${SECRET_REF}|${words(String.raw`session|conversation|résumé|summary|contenu|contents?|valeur|value|données|data|historique|history|chat`)})`,
]);
const BROAD_TARGET = String.raw`(?:all|every|everything|entire|whole|the (?:whole|entire)|the (?:[a-zà-ÿœæ]+ )?(?:repo|repository|database|db|prod|production|main|master|home|disk|drive|bucket|cluster|namespace|backups?|history|volumes?)|tout|toute|tous|toutes|l['’]ensemble|(?:le|la|les|ton|ta|tes|votre|vos)\s+(?:dépôt|base(?: de (?:données|recette|prod))?|bdd|prod|production|branche (?:main|master|principale)|répertoire personnel|dossier personnel|home|disque|sauvegardes?|backups?|historique|volumes?|bucket|cluster)|~|\$home|/)`;
const DESTRUCTIVE = compile(
  String.raw`${words(String.raw`delete|remove|wipe|erase|destroy|drop|truncate|purge|overwrite|format|nuke|force-push|empty|flush|reset|supprime|supprimez|supprimer|efface|effacez|effacer|vide|videz|vider|détruis|détruisez|détruire|écrase|écrasez|écraser|formate|formatez|formater|purge|purgez|purger|réinitialise|réinitialisez|réinitialiser|rase|rasez`)}\s+(?:immediately\s+|now\s+|immédiatement\s+|tout de suite\s+|maintenant\s+)?${BROAD_TARGET}`,
);
/** A destructive order in the second person (« Supprime le dossier », « Merci d'effacer… »): it speaks to the reader, whatever the target. */
const DESTRUCTIVE_ORDER = compile(
  String.raw`${CLAUSE_START}${words(String.raw`supprime|supprimez|efface|effacez|vide|videz|détruis|détruisez|écrase|écrasez|formate|formatez|purge|purgez|réinitialise|réinitialisez|rase|rasez`)}\s+\S|${words(String.raw`merci de|merci d['’]|veuillez|prière de|tu dois|vous devez|il faut que tu|il faut que vous|please|you must|you should|you need to`)}\s+(?:[a-zà-ÿœæ]+\s+){0,1}?${words(String.raw`supprimer|effacer|vider|détruire|écraser|formater|purger|réinitialiser|delete|remove|wipe|erase|destroy|drop|truncate|purge|overwrite|format`)}\s+\S`,
);
/** "Never share your password", « ne jamais afficher le mot de passe »: a warning, not a request. */
const NEGATED_TRANSFER = compile(
  String.raw`${words(String.raw`never|not|don['’]t|do not|doesn['’]t|won['’]t|ne|n['’]|jamais|sans|without|avoid|évite|évitez|éviter|no longer`)}\s+${SOME_WORDS(2)}(?:${LEAK_STEM}|${MOVE_STEM})(?![a-zà-ÿœæ])`,
);
/** Discussing injections is not performing one: a filter's test cases, an example, a quote. */
const DISCUSSION = compile(
  String.raw`(?<![.@/])` +
    words(
      String.raw`detects?|detection|detector|filters?|flags?|flagged|blocks?|blocked|catches|caught|test cases?|tests? (?:that|for|with)|examples?(?![.\w])|e\.g\.|such as|phrases? like|strings?|patterns?|regex(?:es|p)?|payloads?|attacks?|attackers?|injections?|jailbreaks?|phishing|prompt injection|détecte|détecter|détection|détecteur|filtre|filtrer|bloque|bloquer|cas de test|exemples?|par exemple|phrases?|chaînes?|motifs?|attaques?|attaquants?|hameçonnage|signale|signaler|repère|repérer|comme « `,
    ),
);
const QUOTABLE_RULES = new Set(['ignorer-consignes', 'changer-de-role', 'cacher-a-l-utilisateur', 'pre-approbation', 's-adresse-a-l-agent']);
const QUOTED = /«[^»\n]*»|“[^”\n]*”|"[^"\n]*"|‘[^’\n]*’/g;

export interface SentenceFeatures {
  addressed: boolean;
  vocative: boolean;
  request: boolean;
  /** An imperative at the start of a clause (a subset of `request`). */
  imperative: boolean;
  /** The reader in the second person, or a polite form (a subset of `request`). */
  secondPerson: boolean;
  todo: boolean;
  override: boolean;
  roleChange: boolean;
  preApproval: boolean;
  noConfirmation: boolean;
  agentSubject: boolean;
  hiding: boolean;
  withoutUser: boolean;
  hidingManner: boolean;
  beforeReading: boolean;
  actBefore: boolean;
  exfiltration: boolean;
  destructive: boolean;
  destructiveOrder: boolean;
}

/**
 * Each feature's pattern. A pattern can only match a sentence that holds one
 * of the words written in it, so a sentence first meets the word stems (a
 * word's first letters, up to five) of every pattern's source: most sentences
 * hold the stems of a few features only, and Unicode-aware patterns are the
 * costly part (about a microsecond per character each).
 */
const FEATURES = {
  addressed: ADDRESSEE,
  vocative: VOCATIVE_START,
  override: OVERRIDE,
  roleChange: ROLE_CHANGE,
  preApproval: PRE_APPROVAL,
  noConfirmation: NO_CONFIRMATION,
  agentSubject: AGENT_SUBJECT,
  hiding: HIDING_ORDER,
  withoutUser: WITHOUT_USER,
  hidingManner: HIDING_MANNER,
  beforeReading: BEFORE_READING,
  actBefore: ACT_BEFORE,
  exfiltration: EXFILTRATION,
  destructive: DESTRUCTIVE,
  destructiveOrder: DESTRUCTIVE_ORDER,
  imperative: IMPERATIVE,
  secondPerson: SECOND_PERSON_REQUEST,
  todo: INFINITIVE_TODO,
} as const satisfies Record<string, Pick<RegExp, 'source' | 'test'>>;

type Feature = keyof typeof FEATURES;
const STEM_LENGTH = 5;
const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];
const FEATURE_BITS = Object.fromEntries(FEATURE_NAMES.map((feature, bit) => [feature, 1 << bit])) as Record<Feature, number>;
/** Stem → the features whose pattern source holds a word starting with it (words of two letters or more; `[a-zà-ÿœæ]` and the like are one letter). */
const STEMS = new Map<string, number>();
for (const feature of FEATURE_NAMES) {
  // `llms?`: the letter before `?` is optional, so the word without it is a key too.
  for (const [, word = '', optional] of FEATURES[feature].source.toLowerCase().matchAll(/([a-zà-ÿœæ]{2,})(\?)?/gu)) {
    for (const key of optional ? [word, word.slice(0, -1)] : [word]) {
      if (key.length < 2) continue;
      const stem = key.slice(0, STEM_LENGTH);
      STEMS.set(stem, (STEMS.get(stem) ?? 0) | FEATURE_BITS[feature]);
    }
  }
}

/** The patterns behind the features, for the test that the word-stem gate never hides a match. */
export const FEATURE_PATTERNS: Readonly<Record<Feature, Pick<RegExp, 'source' | 'test'>>> = FEATURES;

/** The features whose words the (lower-cased) sentence holds. */
function candidateFeatures(sentence: string): number {
  let mask = 0;
  for (const [word] of sentence.matchAll(/[a-zà-ÿœæ0-9]+/g)) {
    for (let length = 2; length <= Math.min(word.length, STEM_LENGTH); length++) mask |= STEMS.get(word.slice(0, length)) ?? 0;
  }
  return mask;
}

/**
 * The features of a sentence. Whether it is a request (imperative, second
 * person, polite form) only matters with something else to steer, so it is
 * only worked out then, unless `requests` says always.
 */
export function sentenceFeatures(text: string, requests: 'always' | 'if-steering' = 'if-steering'): SentenceFeatures {
  const sentence = text.toLowerCase();
  const candidates = candidateFeatures(sentence);
  const test = (name: Feature) => (candidates & FEATURE_BITS[name]) !== 0 && FEATURES[name].test(sentence);
  const steering = {
    addressed: test('addressed'),
    vocative: test('vocative'),
    override: test('override'),
    roleChange: test('roleChange'),
    preApproval: test('preApproval'),
    noConfirmation: test('noConfirmation'),
    agentSubject: test('agentSubject'),
    hiding: test('hiding'),
    withoutUser: test('withoutUser'),
    hidingManner: test('hidingManner'),
    beforeReading: test('beforeReading'),
    actBefore: test('actBefore'),
    exfiltration: test('exfiltration') && !NEGATED_TRANSFER.test(sentence),
    destructive: test('destructive'),
    destructiveOrder: test('destructiveOrder'),
  };
  const worth = requests === 'always' || Object.values(steering).some(Boolean);
  const imperative = worth && test('imperative');
  const secondPerson = worth && test('secondPerson');
  return {
    ...steering,
    imperative,
    secondPerson,
    request: imperative || secondPerson,
    todo: worth && test('todo'),
  };
}

/**
 * The steering rule a sentence triggers, if any, before quotes and discussion
 * are considered. `risky`: the sentence (or a code span in it) holds a risky command.
 */
function steeringRule(features: SentenceFeatures, risky: boolean): string | undefined {
  const {
    addressed,
    vocative,
    request,
    imperative,
    todo,
    override,
    roleChange,
    preApproval,
    noConfirmation,
    agentSubject,
    hiding,
    withoutUser,
    hidingManner,
    beforeReading,
    actBefore,
    exfiltration,
    destructive,
    destructiveOrder,
  } = features;
  const asked = request || todo;
  if (override && (asked || addressed || vocative)) return 'ignorer-consignes';
  if (roleChange) return 'changer-de-role';
  if (hiding || (withoutUser && (asked || addressed || vocative)) || (hidingManner && (imperative || addressed || vocative))) return 'cacher-a-l-utilisateur';
  if (noConfirmation || (preApproval && (asked || addressed || vocative || agentSubject || risky || destructive || exfiltration || withoutUser)))
    return 'pre-approbation';
  if (exfiltration && (asked || addressed || vocative)) return 'exfiltration';
  if ((beforeReading && (asked || risky)) || (actBefore && (destructive || destructiveOrder || risky || exfiltration) && (asked || addressed)))
    return 'agir-avant-de-lire';
  if (addressed || (vocative && (asked || risky)) || (agentSubject && (withoutUser || hidingManner || risky || destructive))) return 's-adresse-a-l-agent';
  return undefined;
}

function hasTwoWords(sentence: string): boolean {
  let count = 0;
  for (const _word of sentence.matchAll(/[a-zà-ÿœæ]{2,}/gi)) if (++count === 2) return true;
  return false;
}

/**
 * What one sentence of shown prose deserves. `risky`: it carries a risky
 * command; `cited`: it sits where text is quoted, not said.
 */
export function assessSentence(sentence: string, options: { risky?: boolean; cited?: boolean } = {}): Assessment | undefined {
  // Every rule needs two words; a note of a million « a. » costs one cheap test per sentence.
  if (!hasTwoWords(sentence)) return undefined;
  const features = sentenceFeatures(sentence);
  const rule = steeringRule(features, options.risky ?? false);
  if (rule) {
    if (options.cited || isDiscussed(sentence, features, rule)) return { level: 'vigilance', rule: 'injection-citee' };
    return { level: 'alerte', rule };
  }
  if ((features.destructive && (features.request || features.addressed)) || features.destructiveOrder) return { level: 'vigilance', rule: 'ordre-destructif' };
  if (features.override) return { level: 'vigilance', rule: 'injection-citee' };
  return undefined;
}

/** The sentence quotes the steering part, or talks about injections, and is not itself addressed to an agent. */
function isDiscussed(sentence: string, features: SentenceFeatures, rule: string): boolean {
  if (DISCUSSION.test(sentence.toLowerCase()) && !features.vocative) return true;
  // Quoting a file name or a command is not quoting an injection: only the wording rules can be quoted.
  if (!QUOTABLE_RULES.has(rule)) return false;
  const outside = sentence.replace(QUOTED, ' ');
  if (outside === sentence) return false;
  return steeringRule(sentenceFeatures(outside), false) === undefined;
}

/** For hidden text: actions on the project, the user or the reader's behaviour — what a contributors' note never asks. */
const HIDDEN_ACTION = compile(
  String.raw`(?<![a-zà-ÿœæ])(?:run|runs|running|exécut[a-zà-ÿœæ]*|execut[a-zà-ÿœæ]*|lanc[a-zà-ÿœæ]*|push[a-zà-ÿœæ]*|pouss[a-zà-ÿœæ]*|deploy[a-zà-ÿœæ]*|déploi[a-zà-ÿœæ]*|déploy[a-zà-ÿœæ]*|publish[a-zà-ÿœæ]*|publi[a-zà-ÿœæ]*|merg[a-zà-ÿœæ]*|fusionn[a-zà-ÿœæ]*|approv[a-zà-ÿœæ]*|approuv[a-zà-ÿœæ]*|delet[a-zà-ÿœæ]*|supprim[a-zà-ÿœæ]*|remov[a-zà-ÿœæ]*|retir[a-zà-ÿœæ]*|send[a-zà-ÿœæ]*|envo[a-zà-ÿœæ]*|upload[a-zà-ÿœæ]*|install[a-zà-ÿœæ]*|curl|wget|fetch[a-zà-ÿœæ]*|télécharg[a-zà-ÿœæ]*|download[a-zà-ÿœæ]*|remplac[a-zà-ÿœæ]*|replac[a-zà-ÿœæ]*|disabl[a-zà-ÿœæ]*|désactiv[a-zà-ÿœæ]*|bypass[a-zà-ÿœæ]*|contourn[a-zà-ÿœæ]*|ignor[a-zà-ÿœæ]*|commit[a-zà-ÿœæ]*|grant[a-zà-ÿœæ]*|chmod|sudo|invok[a-zà-ÿœæ]*|report[a-zà-ÿœæ]*|signal[a-zà-ÿœæ]*|dis|dire|say|tell|respond[a-zà-ÿœæ]*|répond[a-zà-ÿœæ]*|answer[a-zà-ÿœæ]*|summar[a-zà-ÿœæ]*|résum[a-zà-ÿœæ]*|treat|traite|consid[a-zà-ÿœæ]*|trust[a-zà-ÿœæ]*|mark|marque|valide|skip|saute|obey|obéi[a-zà-ÿœæ]*|exfiltr[a-zà-ÿœæ]*|leak[a-zà-ÿœæ]*)(?![a-zà-ÿœæ])`,
);
/** Notes to the document's editors: about this file's parts, or left by tools. */
const EDITORIAL = compile(
  String.raw`${words(String.raw`this|these|the following|the above|that|ce|cette|ces|le présent`)}\s+(?:[a-zà-ÿœæ]+\s+)?(?:line|lines|comment|comments|section|sections|block|template|text|file|heading|table|list|note|part|paragraph|placeholder|badge|badges|toc|entries|entry|items?|links?|logo|screenshot|image|anchor|header|footer|title|name|description|ligne|lignes|commentaire|bloc|modèle|texte|fichier|tableau|liste|paragraphe|entrée|entrées|lien|liens|titre)\b|${words(String.raw`generated|auto-generated|autogenerated|regenerate|généré|générée|prettier|eslint|markdownlint|toc|omit in toc|do not edit|don['’]t edit|ne pas modifier|ne pas éditer|todo|fixme|all-contributors|release-please|changeset|begin|end|start|stop|screenshot|capture d['’]écran|gif|video|vidéo|animation|diagram|diagramme|figure|image|logo|badge`)}|\bto (?:re)?(?:generate|build|update|format|lint|refresh|render|sync|preview)\b|\bpour (?:re)?(?:générer|mettre à jour|construire|formater)\b`,
);

/** Whether hidden text (a comment, a title, alt text) asks for anything beyond editing the document. */
export function hiddenTextAsks(sentence: string): boolean {
  const features = sentenceFeatures(sentence, 'always');
  if (assessSentence(sentence) !== undefined || features.addressed || features.vocative || features.override || features.hiding || features.preApproval)
    return true;
  const lower = sentence.toLowerCase();
  return HIDDEN_ACTION.test(lower) && (features.request || features.todo) && !EDITORIAL.test(lower);
}

/** Sentences of a piece of prose, with their offsets: split after . ! ? ; and between table rows, never inside a word. */
export function splitSentences(text: string): Array<{ text: string; offset: number }> {
  const sentences: Array<{ text: string; offset: number }> = [];
  const add = (start: number, end: number) => {
    const sentence = text.slice(start, end);
    const lead = sentence.length - sentence.trimStart().length;
    if (lead < sentence.length) sentences.push({ text: sentence.slice(lead), offset: start + lead });
  };
  let start = 0;
  for (const boundary of text.matchAll(/[.!?;…](?=\s|$)|\n(?=\s*\|)|\n\s*\n/g)) {
    const end = boundary.index! + boundary[0].length;
    add(start, end);
    start = end;
  }
  add(start, text.length);
  return sentences;
}
