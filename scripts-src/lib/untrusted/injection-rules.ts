/**
 * Lines of a fetched note that look like instructions aimed at the reading
 * agent. French and English. Past-tense descriptions ("j'ai supprimé le dossier
 * target", "deleted the build folder") are ordinary content, so destructive
 * verbs only count in the imperative and with a target.
 */
export interface InjectionRule {
  id: string;
  /** The match counts only at the start of a clause (an imperative, not a description). */
  clauseOnly?: boolean;
  /** `commande`: a command line; quiet inside the « Commandes utiles » rubrique, where commands are expected. */
  family: 'consigne' | 'commande';
  pattern: RegExp;
}

const rule = (id: string, family: InjectionRule['family'], pattern: RegExp, clauseOnly = false): InjectionRule => ({ id, family, pattern, ...(clauseOnly ? { clauseOnly } : {}) });

/**
 * Start of a clause: the line, or after punctuation, "et", "puis", "and", "then".
 * Checked on the text before a match (see `clauseOnly`), not inside the regex:
 * the engine then looks for the verb first, which matters on megabytes of export.
 */
export const CLAUSE_BEFORE = /(?:^|[.;:!?,)»"'*>\-]\s*|\b(?:et|puis|ensuite|alors|and|then|now|maintenant)\s+)$/i;
const SECRETS_FR = String.raw`(?:variables? d['’]environnement|(?:l['’])?environnement|secrets?|cl[ée]s?(?: (?:ssh|priv[ée]es?|d['’]api|api))?|jetons?|tokens?|mots? de passe|identifiants|\.env|~\/\.ssh|id_rsa|id_ed25519|REDISCLI_AUTH|REDIS_PASSWORD)`;
const SECRETS_EN = String.raw`(?:env(?:ironment)?(?: variables?| vars?)?|secrets?|credentials?|tokens?|api ?keys?|passwords?|\.env(?: file)?|ssh keys?|private keys?|~\/\.ssh|id_rsa|id_ed25519|REDISCLI_AUTH|REDIS_PASSWORD)`;

export const INJECTION_RULES: InjectionRule[] = [
  // Overriding the agent's instructions.
  rule('ignorer-consignes', 'consigne', /\b(?:ignore|oublie|ignorez|oubliez|néglige|négligez)\b[^.\n]{0,40}?\b(?:instructions?|consignes?|règles|directives|ordres|prompt|ce qui précède|tout ce qui (?:précède|est au-dessus))\b/i),
  rule('ignorer-consignes', 'consigne', /\bne (?:tiens|tenez) (?:pas|plus) compte\b[^.\n]{0,40}?\b(?:instructions?|consignes?|règles|directives)\b/i),
  rule('ignorer-consignes', 'consigne', /\b(?:ignore|disregard|forget|override|bypass|skip)\b[^.\n]{0,40}?\b(?:previous|prior|above|earlier|preceding|all|any|your|the|system|safety|original)\b[^.\n]{0,25}?\b(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails|messages?|context)\b/i),
  rule('ignorer-consignes', 'consigne', /\b(?:nouvelles? (?:instructions?|consignes?)|new instructions?|updated instructions?|system prompt|prompt système)\s*:/i),
  // Giving the agent a new role.
  rule('changer-de-role', 'consigne', /\b(?:you are now|from now on,? you|you will now act|act as (?:an?|the) (?:unrestricted|different|new)|pretend (?:to be|you are)|tu es (?:désormais|maintenant|à présent)|désormais,? tu (?:es|dois|vas)|vous êtes (?:désormais|maintenant))\b/i),
  rule('changer-de-role', 'consigne', /(?<![\wÀ-ÿ])(?:à partir de maintenant|dorénavant|à présent),? (?:tu|vous)\b/i),
  rule('s-adresse-a-l-agent', 'consigne', /\b(?:as (?:the|an?) (?:ai|assistant|agent|language model|llm|model)|if you are (?:an?|the) (?:ai|assistant|agent|language model|llm|model)|(?:dear|hey|attention) (?:ai|assistant|agent|model|llm|claude|gpt|chatgpt|copilot|opencode)|(?:ai|llm|coding) (?:agent|assistant)s? reading this|to the (?:ai|agent|assistant|model) reading)\b/i),
  rule('s-adresse-a-l-agent', 'consigne', /\b(?:en tant qu['’](?:assistant|agent|ia|intelligence artificielle|modèle|llm)|si tu es (?:un|une|l['’]) ?(?:ia|agent|assistant|modèle|llm)|(?:cher|chère) (?:agent|assistant|ia|modèle)|(?:à l['’]attention|note) (?:de l['’]|pour l['’]|à l['’])(?:agent|assistant|ia)|(?:agent|assistant|ia) qui (?:lit|lis|reprend))\b/i),
  rule('s-adresse-a-l-agent', 'consigne', /\b(?:you must|you should|you have to|tu dois|il faut que tu|vous devez)\s+(?:immediately|now|right away|without (?:asking|telling|confirmation)|immédiatement|tout de suite|maintenant|sans (?:attendre|demander|prévenir))\b/i),
  // Hiding what it does from the user.
  rule('cacher-a-l-utilisateur', 'consigne', /\b(?:do not|don't|never) (?:tell|inform|alert|notify|ask|warn|mention (?:this|it) to|show (?:this|it) to) (?:the )?(?:user|human|operator)\b/i),
  rule('cacher-a-l-utilisateur', 'consigne', /\bwithout (?:asking|telling|informing|notifying|warning|confirmation from|the user['’]s (?:approval|consent))\b(?: (?:the )?(?:user|human|operator))?/i),
  rule('cacher-a-l-utilisateur', 'consigne', /\b(?:ne (?:le |lui )?(?:dis|dites|signale|signalez|mentionne|mentionnez|montre|montrez) (?:rien|pas|jamais)|sans (?:le )?(?:dire|signaler|montrer|demander)|sans (?:demander|attendre) (?:de |la |l['’])?(?:confirmation|validation|accord|avis))\b[^.\n]{0,40}?\b(?:utilisateur|utilisatrice|humain|personne|confirmation|validation|accord)\b/i),
  // Destructive orders (imperative, with a target).
  rule('ordre-destructif', 'consigne', new RegExp(`\\b(?:supprime|supprimez|efface|effacez|détruis|détruisez|écrase|écrasez|vide|videz|formate|formatez|purge|purgez)\\s+(?:immédiatement\\s+|tout de suite\\s+|maintenant\\s+)?(?:le|la|les|l['’]|tout|toute|tous|ce|cet|cette|ces|mon|ma|mes|ton|ta|tes|son|sa|ses|votre|vos|dossier|répertoire|fichiers?|base|branche|dépôt)\\b`, 'i'), true),
  rule('ordre-destructif', 'consigne', new RegExp(`\\b(?:please\\s+)?(?:delete|remove|wipe|erase|destroy|drop|truncate|purge|overwrite|force[- ]push)\\s+(?:immediately\\s+|now\\s+)?(?:the|all|every|any|this|that|these|those|your|my|its|entire|whole)\\b`, 'i'), true),
  // Sending or showing credentials.
  rule('exfiltration', 'consigne', new RegExp(`\\b(?:envoie|envoyez|transmets|transmettez|poste|postez|publie|publiez|copie|copiez|colle|collez|affiche|affichez|montre|montrez|révèle|révélez|donne|donnez|écris|écrivez|lis|lisez|imprime|imprimez)(?:-(?:moi|nous|les|le|la))?\\s+(?:[^.\\n]{0,30}?\\s)?${SECRETS_FR}\\b`, 'i'), true),
  rule('exfiltration', 'consigne', new RegExp(`\\b(?:please\\s+)?(?:print|echo|show|reveal|dump|display|send|post|upload|exfiltrate|leak|email|paste|share)\\s+(?:me\\s+|us\\s+)?(?:[^.\\n]{0,30}?\\s)?${SECRETS_EN}\\b`, 'i'), true),
  rule('exfiltration', 'consigne', /\b(?:printenv|env|set|export -p)\s*\|\s*(?:curl|wget|nc|ncat|netcat|ssh|base64|xxd)\b/i),
  rule('exfiltration', 'consigne', /\b(?:cat|type|base64|xxd|tar)\s+[^|\n]*(?:\.ssh\/|\.env\b|\.aws\/credentials|\/etc\/(?:passwd|shadow)|\.netrc|\.pgpass|\.npmrc|\.git-credentials)[^|\n]*\|\s*(?:curl|wget|nc|ncat|netcat|ssh|mail|sendmail)\b/i),
  rule('exfiltration', 'consigne', /\b(?:curl|wget|http|xh)\b[^\n]*\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--post-file)[= ]\s*["']?@?(?:[^\s"']*\.env\b|~?\/?\.ssh\/|\/etc\/(?:passwd|shadow)|\$\((?:env|printenv|cat))/i),
  rule('exfiltration', 'consigne', /\b(?:echo|printf|print|console\.log|cat)\s+["']?\$\{?[A-Z_]*(?:PASS|PASSWORD|TOKEN|SECRET|KEY|AUTH|CREDENTIALS?)[A-Z_]*\b/),
  // Running code fetched from the network.
  // A download (with at least an argument: « pas de `curl | sh` » only talks about it) piped into an interpreter.
  rule('commande-reseau', 'commande', /\b(?:curl|wget|fetch|iwr|invoke-webrequest|invoke-restmethod|irm)\s+[^\s|][^\n|]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:(?:ba|z|k|da|fi|c|tc)?sh|python[23]?|node|perl|ruby|php|iex|invoke-expression)\b/i),
  rule('commande-reseau', 'commande', /\b(?:(?:ba|z)?sh|source|\.)\s+<\(\s*(?:curl|wget)\b/i),
  rule('commande-reseau', 'commande', /\b(?:eval|(?:ba|z)?sh\s+-c|python[23]?\s+-c|node\s+-e)\s+["']?\$\(\s*(?:curl|wget)\b/i),
  rule('commande-reseau', 'commande', /\biex\s*\(?\s*(?:\(?\s*new-object\s+net\.webclient\)?\.downloadstring|iwr|invoke-webrequest|irm|invoke-restmethod)\b/i),
  rule('commande-destructive', 'commande', /\brm\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?(?:\/\*?|~\/?|\$HOME\/?|\*|\.\.?\/?)(?=[\s`'";&|)]|$)/i),
  rule('commande-destructive', 'commande', /\b(?:mkfs(?:\.\w+)?\s+\/dev\/|dd\s+if=[^\n]*of=\/dev\/(?:sd|nvme|hd|xvd)|:\(\)\s*\{\s*:\|:&\s*\};:|chmod\s+-R\s+777\s+\/(?:\s|$)|git\s+push\s+(?:--force|-f)\s+\S+\s+(?:main|master)\b|DROP\s+(?:DATABASE|SCHEMA)\b|FLUSHALL\b|FLUSHDB\b)/i),
  // Chat-template and role markers.
  rule('marqueur-de-role', 'consigne', /<\|(?:im_start|im_end|system|user|assistant|endoftext|begin_of_text|start_header_id|end_header_id|eot_id)\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start|end)_of_turn>|<\/?system>/i),
  rule('marqueur-de-role', 'consigne', /^\s*(?:#{1,6}\s*)?(?:\[\s*)?(?:system|developer|système|systeme)(?:\s*\])?\s*(?:prompt|message)?\s*:\s*\S/i),
  rule('marqueur-de-role', 'consigne', /^\s*(?:#{1,6}\s*)?(?:human|assistant|### instruction|### response)\s*:\s*\S/i),
];
