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
  /<\|[A-Za-z_][\w.▁-]{0,40}\|>|<\|(?:im_start|im_end|endoftext)\b|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start|end)_of_turn>|<\/?(?:system|assistant|human|developer|instructions?)>|<\/s>|^[ \t]*(?:#{2,3}[ \t]*)?(?:instruction|response)[ \t]*:[ \t]*$|below is an instruction that describes a task/im;
/** A Markdown link used as a turn marker: `[system](#context)`. */
export const LINK_TURN = /\[(?:system|assistant|user|developer)\]\(#/i;

const LABEL = String.raw`(system|syst[eè]me|developer|d[ée]veloppeur|assistant|human|user|utilisat(?:eur|rice)|ai|ia|model|mod[eè]le|admin|administrat(?:or|eur|rice)|operator|op[ée]rat(?:eur|rice))`;
const SUFFIX = String.raw`(?:[ \t]+(?:prompt|message|note|notice|instructions?|override|update|alert|alerte|directive|consignes?|messages?))`;
const ROLE_LABEL = new RegExp(
  String.raw`^[^\p{L}\p{N}\[(<【«*_]{0,6}(?:(?:message|avis|note|mise à jour)[ \t]+)?(?:([\[(<【«]|\*\*|__)[ \t]*${LABEL}(${SUFFIX})?[ \t]*(?:\]|\)|>|】|»|\*\*|__)[ \t]*[:：—–]*|${LABEL}(${SUFFIX})?[ \t]*[:：—–]+)[ \t]*(?:\*\*|__)?[ \t]*(.*)$`,
  'iu',
);
/** Roles that only a chat template gives a voice to; a person's note has no « message système ». */
const MACHINE_ROLE = /^(?:system|syst[eè]me|developer|d[ée]veloppeur)$/i;
const CONVERSATION_TURN = /^(?:assistant|human)$/i;
/** What a fake turn talks about: the session's rules and the reader. */
const RULE_WORDS = /(?<![\p{L}])(?:r[eè]gles?|rules?|confirmations?|consignes?|instructions?|politique|policy|polic(?:ies)?|trust|confiance|priorit\p{L}*|autoris\p{L}*|authori[sz]\p{L}*|approv\p{L}*|approuv\p{L}*|filtres?|filters?|restrictions?|directives?|override)(?![\p{L}])/iu;
/** How a fake assistant turn opens: "Sure, deleting…", « Bien sûr, je… ». */
const REPLY_OPENING = /^(?:sure|ok|okay|of course|certainly|absolutely|done|yes|i will|i['’]ll|i have|i['’]ve|understood|bien sûr|d['’]accord|entendu|c['’]est fait|fait|oui|je vais|j['’]ai)\b/iu;

/** A special token where a turn starts (line start, or beside a role name) fakes a turn; one inside a sentence is talked about. */
export function opensTurn(line: string): boolean {
  const match = TEMPLATE_TOKEN.exec(line);
  if (!match) return false;
  const before = line.slice(0, match.index);
  const after = line.slice(match.index + match[0].length);
  return /^[^\p{L}\p{N}]*$/u.test(before) || /^\s*(?:system|user|assistant|model|human|developer|tool)\b/i.test(after) || /(?:system|user|assistant|model|human)\s*$/i.test(before);
}

/** Whether a line of prose opens a fake turn: a role label followed by a request, or a dialogue turn. */
export function isRoleLabel(line: string): boolean {
  const label = ROLE_LABEL.exec(line);
  if (!label) return false;
  const [, wrapper, wrappedName, wrappedSuffix, bareName, bareSuffix, rest = ''] = label;
  const name = wrappedName ?? bareName!;
  // « [Système] », « **Message système** », "SYSTEM NOTICE:", "(system)": decorated like a template, never a plain « Système : Debian 12 ».
  const decorated = wrapper !== undefined || (wrappedSuffix ?? bareSuffix) !== undefined || (name === name.toUpperCase() && name.length > 2);
  if (MACHINE_ROLE.test(name) && decorated) return true;
  if (CONVERSATION_TURN.test(name) && REPLY_OPENING.test(rest)) return true;
  const features = sentenceFeatures(rest, 'always');
  return features.request || features.override || features.roleChange || features.hiding || features.preApproval || features.addressed || (MACHINE_ROLE.test(name) && RULE_WORDS.test(rest));
}
