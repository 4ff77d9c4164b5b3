/**
 * Chat-template turn markers and role labels: text that pretends a new
 * message starts, from the system, the developer or the user. A special token
 * (`<|im_start|>`, `[INST]`, `<start_of_turn>`…) has no business in prose;
 * a label (« Système : », `[SYSTEM]`, `**User:**`) only steers when what
 * follows asks for something — « Système : Debian 12 » describes a machine.
 */
import { sentenceFeatures } from './steering.js';

/** Special tokens of the common chat templates (ChatML, Llama 2/3, Gemma, Mistral, Harmony, Phi, DeepSeek once NFKC-folded), Alpaca's headings and preamble. */
export const TEMPLATE_TOKEN =
  /<\|[A-Za-z_][\w.▁-]{0,40}\|>|<\|(?:im_start|im_end|endoftext)\b|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start|end)_of_turn>|<\/?(?:system|assistant|human|developer|instructions?)>|<\/s>|below is an instruction that describes a task|"role"\s*:\s*"(?:system|developer)"|^[ \t]*-{2,}[ \t]*(?:fin d(?:e la|u|e l['’])? ?(?:note|document|contexte|passation|fichier)|end of (?:the )?(?:note|document|context|file|handoff|instructions))[ \t]*-{2,}/im;
/** Raw lines (their `#` kept): Alpaca's turn headings. */
export const RAW_TURN = /\[(?:system|assistant|user|developer)\]\(#|^[ \t]*#{2,3}[ \t]*instruction[ \t]*:[ \t]*$/i;

const LABEL = String.raw`(syst[eè]me|system|d[ée]veloppeur|developer|assistant|human|user|utilisat(?:eur|rice)|ai|ia|mod[eè]le|model|administrat(?:or|eur|rice)|admin|op[ée]rat(?:eur|rice)|operator)(?![\p{L}])`;
const SUFFIX_WORDS = String.raw`(?:prompt|message|note|notice|instructions?|override|update|alert|alerte|directive|consignes?|messages?)`;
const SUFFIX = String.raw`(?:[ \t]+${SUFFIX_WORDS})`;
/** "System prompt update:": a role's label may run a word past the suffix. */
const LABEL_SUFFIX_WORD = new RegExp(String.raw`^${SUFFIX_WORDS}(?![\p{L}])`, 'iu');
const ROLE_LABEL = new RegExp(
  String.raw`^([^\p{L}\p{N}]{0,8}?)(?:(?:(?:nouveau|nouvel|nouvelle|new)[ \t]+)?(?:message|avis|note|mise à jour|instructions?)[ \t]+(?:du|de la|de l['’]|from the|from|of the)?[ \t]*)?${LABEL}(${SUFFIX})?[ \t]*([:：]?)[ \t]*([\])>】»]|\*\*|__)?[ \t]*(?:\*\*|__)?[ \t]*([:：—–]*)[ \t]*(?:\*\*|__)?[ \t]*(.*)$`,
  'iu',
);
/** Roles that only a chat template gives a voice to; a person's note has no « message système ». */
const MACHINE_ROLE = /^(?:system|syst[eè]me|developer|d[ée]veloppeur)$/i;
const CONVERSATION_TURN = /^(?:assistant|human)$/i;
/** What a fake turn talks about: the session's rules and the reader. */
const RULE_WORDS =
  /(?<![\p{L}])(?:r[eè]gles?|rules?|confirmations?|consignes?|instructions?|politique|policy|polic(?:ies)?|trust|confiance|priorit\p{L}*|autoris\p{L}*|authori[sz]\p{L}*|approv\p{L}*|approuv\p{L}*|filtres?|filters?|restrictions?|directives?|override)(?![\p{L}])/iu;
/** How a fake assistant turn opens: "Sure, deleting…", « Bien sûr, je… ». */
const REPLY_OPENING =
  /^(?:sure|ok|okay|of course|certainly|absolutely|done|yes|i will|i['’]ll|i have|i['’]ve|understood|bien sûr|d['’]accord|entendu|c['’]est fait|fait|oui|je vais|j['’]ai)\b/iu;

/** A special token where a turn starts (line start, or beside a role name) fakes a turn; one inside a sentence is talked about. */
export function opensTurn(line: string): boolean {
  const match = TEMPLATE_TOKEN.exec(line);
  if (!match) return false;
  const before = line.slice(0, match.index);
  const after = line.slice(match.index + match[0].length);
  return (
    /^[^\p{L}\p{N}]*$/u.test(before) ||
    /^\s*(?:system|user|assistant|model|human|developer|tool)\b/i.test(after) ||
    /(?:system|user|assistant|model|human)\s*$/i.test(before)
  );
}

/** Whether a line of prose opens a fake turn: a role label followed by a request, or a dialogue turn. */
export function isRoleLabel(line: string): boolean {
  const label = ROLE_LABEL.exec(line);
  if (!label) return false;
  const [, lead = '', name = '', , colon, closer, separator, rest = ''] = label;
  // A label needs something that makes it one: a separator, or brackets around it.
  const wrapped = /[[(<【«*_]/.test(lead) || closer !== undefined;
  if (!colon && !separator && !wrapped) return false;
  // A heading or a parameter that starts with a role's name is no role: "**Model selection:** Choose…", "- **User token**: A
  // JWT…", "**system** (`string`): Additional system message…".
  if (!colon && !separator && closer === undefined && !LABEL_SUFFIX_WORD.test(rest) && /^\p{L}[\p{L}\p{N} '’-]{0,40}(?:\*\*|__)?\s*[:：]/u.test(rest))
    return false;
  if (/^\(\s*[`“]/.test(rest)) return false;
  if (CONVERSATION_TURN.test(name) && REPLY_OPENING.test(rest)) return true;
  if (!/\p{L}{2,}[^\p{L}]+\p{L}{2,}/u.test(rest.slice(0, 200))) return false;
  const features = sentenceFeatures(rest, 'always');
  // What follows decides, decorated or not (« **System messages** - Support for… » is a documentation list):
  // a bare imperative after « Modèle : » is a list (« ; commit 8e41c07 »); a request to the reader, or the session's rules, is a fake turn.
  return (
    features.secondPerson ||
    features.override ||
    features.roleChange ||
    features.hiding ||
    features.preApproval ||
    features.noConfirmation ||
    features.addressed ||
    (MACHINE_ROLE.test(name) && (features.imperative || RULE_WORDS.test(rest)))
  );
}
