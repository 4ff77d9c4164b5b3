/**
 * What the reading guard knows, as data: one table per concept, French and
 * English. Matching is code (steering.ts reads these tables through
 * lexicon.ts); adding a word is one line here.
 *
 * VERBS: `lemma | language | concepts | forms no rule makes`. The lemma is
 * the infinitive (French) or the base form (English); lexicon.ts makes the
 * other forms by rule (« purger » → purge, purgez, purgé, purgeant…; "purge"
 * → purges, purging, purged). A phrasal lemma inflects its first word
 * (« passer outre » → passe outre, passez outre). French futures come by rule
 * from the infinitive (« tu supprimeras », « vous joindrez »: a future said to
 * « tu » or « vous » is a request); a listed form ending in « - » is an
 * irregular future's stem (« enverr- » → enverras, enverrez…).
 *
 * The verb concepts:
 * - run: start a program;          ship: push, merge, publish, approve;
 * - destroy: delete, wipe, reset;  leak: send or show something away;
 * - move: copy or put into;        fetch: download, install;
 * - override: set instructions aside; skip: lift a check;
 * - tell: inform the user or report; trust: how to regard or behave;
 * - read: read or open a file;     takeover: read and carry on this work;
 * - act: any other request a note could make.
 * A request is any verb at the start of a clause (an imperative) or, in
 * French, an infinitive of a verb that is not only `act`/`read` (a to-do
 * item: « Supprimer le dossier »).
 *
 * PHRASES: `concept | language | phrase, phrase…`; a noun's plural is made by
 * rule (-s, French and English), so tables list the singular.
 */

export const VERBS = `
# lemma                | lang | concepts          | forms no rule makes
run                    | en | run                 | running, ran
execute                | en | run
exec                   | en | run
launch                 | en | run
invoke                 | en | run
start                  | en | act
call                   | en | act
lancer                 | fr | run
exécuter               | fr | run                 | exécute, exécutez
relancer               | fr | run
invoquer               | fr | run
push                   | en | ship
force-push             | en | ship destroy
merge                  | en | ship
commit                 | en | ship                | committing, committed
deploy                 | en | ship
publish                | en | ship leak
release                | en | ship
approve                | en | ship
accept                 | en | ship
grant                  | en | ship
validate               | en | ship
pousser                | fr | ship
fusionner              | fr | ship
merger                 | fr | ship                | merge, mergez
commiter               | fr | ship                | commite, commitez
déployer               | fr | ship                | déploie, déployez
publier                | fr | ship leak
approuver              | fr | ship
valider                | fr | ship
accepter               | fr | ship
delete                 | en | destroy
remove                 | en | destroy
wipe                   | en | destroy
erase                  | en | destroy
destroy                | en | destroy
drop                   | en | destroy skip        | dropping, dropped
truncate               | en | destroy
purge                  | en | destroy
overwrite              | en | destroy             | overwrote, overwritten
reset                  | en | destroy             | resetting
revert                 | en | destroy
format                 | en | destroy             | formatting, formatted
kill                   | en | destroy
nuke                   | en | destroy
flush                  | en | destroy
empty                  | en | destroy
uninstall              | en | destroy
supprimer              | fr | destroy
effacer                | fr | destroy
vider                  | fr | destroy
détruire               | fr | destroy             | détruis, détruisez, détruit, détruite
écraser                | fr | destroy
purger                 | fr | destroy
formater               | fr | destroy
réinitialiser          | fr | destroy
raser                  | fr | destroy
tuer                   | fr | destroy
retirer                | fr | destroy
désinstaller           | fr | destroy
send                   | en | leak                | sent
post                   | en | leak
upload                 | en | leak
email                  | en | leak
e-mail                 | en | leak
mail                   | en | leak
forward                | en | leak
share                  | en | leak
leak                   | en | leak
exfiltrate             | en | leak
transmit               | en | leak                | transmitting, transmitted
submit                 | en | leak                | submitting, submitted
print                  | en | leak
echo                   | en | leak
show                   | en | leak                | shown
display                | en | leak
reveal                 | en | leak
dump                   | en | leak
render                 | en | leak
attach                 | en | leak
give                   | en | leak                | gave, given
envoyer                | fr | leak                | envoie, envoyez, envoyé, enverr-
transmettre            | fr | leak                | transmets, transmettez, transmis
joindre                | fr | leak                | joins, joignez, joint
poster                 | fr | leak
partager               | fr | leak
afficher               | fr | leak
montrer                | fr | leak
révéler                | fr | leak                | révèle, révélez
imprimer               | fr | leak
donner                 | fr | leak
exfiltrer              | fr | leak
copy                   | en | move
paste                  | en | move
include                | en | move
append                 | en | move
add                    | en | move
put                    | en | move                | putting
write                  | en | move                | wrote, written, writing
insert                 | en | move
export                 | en | move
copier                 | fr | move
coller                 | fr | move
inclure                | fr | move                | inclus, incluez, inclut
ajouter                | fr | move
mettre                 | fr | move                | mets, mettez, met, mis
écrire                 | fr | move                | écris, écrivez, écrit
recopier               | fr | move
exporter               | fr | move
insérer                | fr | move                | insère, insérez
fetch                  | en | fetch
download               | en | fetch
install                | en | fetch
curl                   | en | fetch
wget                   | en | fetch
télécharger            | fr | fetch
installer              | fr | fetch
récupérer              | fr | fetch               | récupère, récupérez
ignore                 | en | override skip
disregard              | en | override
forget                 | en | override            | forgetting, forgot, forgotten
override               | en | override            | overrode, overridden
overrule               | en | override
bypass                 | en | override skip
circumvent             | en | override skip
discard                | en | override
set aside              | en | override skip       | setting aside
ignorer                | fr | override skip
oublier                | fr | override skip
négliger               | fr | override
outrepasser            | fr | override
contourner             | fr | override skip
passer outre           | fr | override skip
faire abstraction      | fr | override            | fais abstraction, faites abstraction, fer- abstraction
ne pas tenir compte    | fr | override            | ne tiens pas compte, ne tenez pas compte, ne tiens plus compte, ne tenez plus compte
laisser de côté        | fr | override
skip                   | en | skip                | skipping, skipped
disable                | en | skip
deactivate             | en | skip
waive                  | en | skip
suppress               | en | skip
silence                | en | skip
mute                   | en | skip
turn off               | en | skip
switch off             | en | skip
neutralise             | en | skip
neutralize             | en | skip
lift                   | en | skip
dismiss                | en | skip
sidestep               | en | skip
sauter                 | fr | skip
désactiver             | fr | skip
couper                 | fr | skip
neutraliser            | fr | skip
lever                  | fr | skip                | lève, lèvent, lèves
suspendre              | fr | skip                | suspends, suspendez, suspend, suspendu, suspendue, suspendus, suspendues
désengager             | fr | skip
inhiber                | fr | skip
écarter                | fr | skip
taire                  | fr | skip                | tais, taisez, tait, tu, tue, tus, tues
mettre de côté         | fr | skip                | mets de côté, mettez de côté, met de côté, mis de côté, mise de côté, mises de côté
faire l'impasse sur    | fr | skip                | fais l'impasse sur, faites l'impasse sur, fait l'impasse sur, fer- l'impasse sur
court-circuiter        | fr | skip
tell                   | en | tell                | told
say                    | en | tell                | said
inform                 | en | tell
notify                 | en | tell
alert                  | en | tell
mention                | en | tell
report                 | en | tell
warn                   | en | tell
disclose               | en | tell
flag                   | en | tell                | flagging, flagged
surface                | en | tell
respond                | en | tell
reply                  | en | tell
answer                 | en | tell
summarize              | en | tell
summarise              | en | tell
dire                   | fr | tell                | dis, dites, dit
signaler               | fr | tell
mentionner             | fr | tell
prévenir               | fr | tell                | préviens, prévenez, prévenu, préviendr-
raconter               | fr | tell
parler                 | fr | tell
remonter               | fr | tell
préciser               | fr | tell
répondre               | fr | tell                | réponds, répondez, répond
résumer                | fr | tell
évoquer                | fr | tell
trust                  | en | trust
obey                   | en | trust
comply                 | en | trust
treat                  | en | trust
consider               | en | trust
mark                   | en | trust
act                    | en | trust
behave                 | en | trust
pretend                | en | trust
become                 | en | trust               | became
obéir                  | fr | trust
considérer             | fr | trust               | considère, considérez
traiter                | fr | trust
marquer                | fr | trust
agir                   | fr | trust
read                   | en | read
open                   | en | act
cat                    | en | read
lire                   | fr | read                | lis, lisez, lit, lu
ouvrir                 | fr | act                 | ouvre, ouvrez, ouvert
do                     | en | act                 | does, did, done
make                   | en | act                 | made
use                    | en | act
go                     | en | act                 | goes, went, gone
stop                   | en | act                 | stopping, stopped
create                 | en | act
update                 | en | act
edit                   | en | act
move                   | en | act
rename                 | en | act
follow                 | en | act
continue               | en | act
proceed                | en | act
clear                  | en | act
clean                  | en | act
keep                   | en | act                 | kept
list                   | en | act
replace                | en | act
modify                 | en | act
change                 | en | act
set                    | en | act                 | setting
type                   | en | act
enter                  | en | act
visit                  | en | act
navigate               | en | act
click                  | en | act
ensure                 | en | act
leave                  | en | act                 | left
omit                   | en | act                 | omitting, omitted
go ahead and           | en | act
faire                  | fr | act                 | fais, faites, fait, fer-
utiliser               | fr | act
continuer              | fr | act
commencer              | fr | act                 | commençons
appliquer              | fr | act
enchaîner              | fr | act
changer                | fr | act
modifier               | fr | act
remplacer              | fr | act
taper                  | fr | act
saisir                 | fr | act
laisser                | fr | act
remettre               | fr | act                 | remets, remettez
passer                 | fr | act
nettoyer               | fr | act                 | nettoie, nettoyez
arrêter                | fr | act
reprendre              | fr | act                 | reprends, reprenez
omettre                | fr | act                 | omets, omettez
`;

/** The PHRASES concepts that are nouns: their plural is made by rule. */
export const NOUN_CONCEPTS: readonly string[] = [
  'agent',
  'reader',
  'memo',
  'instruction',
  'reader-rules',
  'order-noun',
  'role',
  'safeguard',
  'secret-name',
  'destination',
  'document-part',
  'the-user',
  'report-noun',
  'image-link',
  'local-secret',
  'broad-noun',
  'reader-safeguard',
  'reader-guard',
  'false-alarm',
  'show-verb',
];

export const PHRASES = `
# Machines a note could speak to.
agent        | en | ai, a.i., llm, large language model, language model, coding agent, coding assistant, coding tool, ai agent, ai assistant, ai system, ai tool, ai model, assistant, agent, bot, robot, copilot, claude, codex, gpt, chatgpt, gemini, opencode, cursor, automated reader, automated tool, automated system, automated agent, automated reviewer, machine
agent        | fr | ia, i.a., modèle de langage, modèle d'ia, assistant de code, assistant ia, agent de code, agent ia, assistante, robot, copilote, intelligence artificielle, machine
# Nouns that address the reader only when a clause says they read this (« l'outil qui reprend »).
reader       | en | model, tool, instance, reader, system
reader       | fr | modèle, outil, instance, lecteur, système
# Reading and carrying on this work, said of the reader.
takeover     | en | reads, reading, will read, will process, will summarize, will summarise, will resume, picks up, pick up, picking up, picks this up, picks it up, pick this up, pick it up, picking this up, picking it up, takes over, take over, taking over, resumes, resume, resuming, continues, continue, continuing, summarizes, summarises, summarizing, summarising, processes, processing, parses, parse, parsing, working on, works on
takeover     | fr | lit, lis, lisez, lira, liront, relit, relis, relisez, relira, reprend, reprends, reprenez, reprendra, reprendront, prend la suite, prendra la suite, prends la suite, va lire, va résumer, va reprendre, va traiter, va relire, résume, résumera, analyse, analysera, traite, traitera, parcourt, travaille sur, travailles sur, travaillant sur, en charge de
# What the reader is reading, when the sentence names it.
this-work    | en | this, these, it, the note, the handoff, the file, the repo, the session, the work, my, here, this repo
this-work    | fr | ce, cette, cet, ces, la suite, le travail, la note, la passation, la session, les passations, le fichier, ce fichier, ma session, mon, ma, ici, le dépôt, ceci, cela, ça
reader-duty  | en | must, should, is expected, is asked, is required, will need
reader-duty  | fr | est prié, est priée, sont priés, sont priées, doit, devra
# What follows « the AI that reads this … » when « this » is the note: a noun of the note, a verb of duty, a conjunction.
follows-the-work | en | note, handoff, file, session, work, repo, repository, context, document, message, page, text, section, must, should, will, can, may, has, needs, is, and, then, please, first, carefully
follows-the-work | fr | note, passation, fichier, session, travail, dépôt, contexte, document, message, texte, section, doit, devra, va, peut, est, et, puis, merci, d'abord, attentivement
this-note    | en | this note, this handoff, this context, this file, the note, the handoff, this
this-note    | fr | cette note, cette passation, cette session, ce contexte, ce fichier, la note, la passation, la suite, ceci, cela
# Greetings and notes to someone.
greeting     | en | dear, hello, hey, hi, attention
greeting     | fr | à l'attention de, à l'attention du, à l'attention des, cher, chère, chers, chères, bonjour, salut, attention
memo         | en | note, message, psa, reminder, memo
memo         | fr | note, message, mot, rappel
determiner   | en | the, any, a, an, this, these, each
determiner   | fr | l', le, la, les, cet, cette, ce, ces, chaque, au, aux, du, des, un, une
addressee-adjective | en | next, new, following, incoming, current, reading, dear
addressee-adjective | fr | prochain, prochaine, nouvel, nouvelle, nouveau, futur, future, cher, chère, petit, petite
# Someone unknown reading: « toi qui lis », "whoever picks this up, human or AI".
human-or-machine | en | human or ai, human or agent, human or machine, human or bot, human or model, human or assistant, ai or human, agent or human, machine or human, bot or human, model or human, assistant or human
human-or-machine | fr | humain ou ia, humain ou agent, humain ou machine, humain ou robot, humain ou modèle, humain ou assistant, ia ou humain, agent ou humain, machine ou humain, robot ou humain, modèle ou humain
whichever    | en | any, whichever, whatever, the next, the new, the incoming
whichever    | fr | n'importe quel, n'importe quelle, le prochain, la prochaine, le nouvel, la nouvelle
# The reader in the second person, and polite requests.
you          | en | you, your, yourself
you          | fr | tu, te, toi, ton, ta, tes, vous, votre, vos, t'
enclitic     | fr | -toi, -moi, -le, -la, -les, -lui, -leur, -nous, -en, -y
polite       | en | please, kindly, make sure, be sure to, remember to, don't forget to, it is important, it is essential, it is critical, it is mandatory, it is required, it is vital, it is expected, it would be great if, it would be nice if, it would be good if, it would be helpful if, it would be ideal if, it would be best if, it would be perfect if, i'd like, i'd love, i'd appreciate, i would like, i would love, i would appreciate, is expected to, are expected to, is asked to, is requested to, is required to, must, should
polite       | fr | merci de, merci d', veuillez, veuille, prière de, je te demande de, je vous demande de, je te prie de, je vous prie de, je vous saurais gré de, pense à, pensez à, n'oublie pas de, n'oubliez pas de, il faut que, il faudra que, il faudrait que, ce serait bien que, ce serait top que, ce serait parfait que, ce serait idéal que, ce serait super que, ce serait bien si, j'aimerais que, j'aimerais bien que, je voudrais que, il serait bon que, il serait bien que, il serait souhaitable que, est prié de, est priée de, sont priés de, sont priées de, doit, doivent, devra, devront
subjunctive  | fr | qu'il, qu'elle, qu'ils, qu'elles
# Words that open a clause, and the adverbs a request starts with.
conjunction  | en | then, and, now, also, first, next, finally, so, just, but
conjunction  | fr | puis, ensuite, et, alors, maintenant, aussi, enfin, donc, d'abord, sinon, mais
request-adverb | en | please, kindly, just, simply, immediately, now, first, then, also, quickly, quietly, silently
request-adverb | fr | s'il te plaît, s'il vous plaît, stp, svp, vite, bien, directement, simplement
# The reader's own instructions: no honest note speaks of them.
instruction  | en | instruction, prompt, directive, guideline, guardrail, system prompt, system message, order, safety rule, security rule, safety guideline, confirmation rule, rule, safeguard
instruction  | fr | instruction, consigne, directive, ordre, garde-fou, règle de sécurité, règle de confirmation, règle, prompt système, message système
reader-rules | en | instruction, guideline, guardrail, directive, system prompt, programming, training, operator, safety rules, safety policy, safety policies, safety settings, confirmation policy, original rules, original instructions
reader-rules | fr | instruction, consigne, directive, prompt système, opérateur, opératrice, garde-fous, règles de sécurité, politique de confirmation, configuration initiale
reader-rules-phrase | en | rules of your configuration, rules of your config, rules of your setup, policy you were configured, policy you were given, policy you were told, rules you were configured, rules you were given, you were configured, you were told, you were instructed, you were programmed, you were given, person at the keyboard, what you were told
reader-rules-phrase | fr | règles de votre configuration, règles de ta configuration, tu as été configuré, tu as été programmé, vous avez été configuré, vous avez été programmé, personne au clavier, ce qu'on t'a dit
stop-following | en | stop following, do not follow, don't follow, no longer follow
stop-following | fr | ne suis plus, ne suivez plus, ne respecte plus, ne respectez plus, remets à zéro, remettez à zéro
earlier      | en | all, any, every, previous, prior, above, earlier, preceding, original, initial, your, the above, the previous, the prior
earlier      | fr | tes, vos, ton, ta, les, toutes les, tous les, des, précédentes
earlier-adjective | en | previous, prior, earlier, initial, original, old, current, existing
earlier-adjective | fr | précédente, précédentes, ancienne, anciennes, initiale, initiales, actuelle, actuelles, précédent, précédents
earlier-after | en | above, you were given
earlier-after | fr | ci-dessus, précédentes, précédente, antérieures, antérieure, initiales, d'origine, qu'on t'a données, qui précèdent
everything-above | en | what you were told, the above, everything above, all of the above
everything-above | fr | ce qui précède, tout ce qui précède, ci-dessus, ce qu'on t'a dit, tout ce qui est au-dessus
replaced     | en | replaces, replaced, replace, precedence, supersedes, superseded, take orders, no longer, lifted, suspended, void, outdated, warm-up, actual task, real task, only valid, those below, reset, ignore, disregard, forget, override, overrides, set aside
replaced     | fr | remplacé, remplacée, remplacées, remplacés, remplace, remplacent, prioritaire, prioritaires, prévaut, prévalent, plus tenu, plus tenue, plus tenus, n'es plus, n'êtes plus, ne s'appliquent plus, levée, levées, levé, levés, suspendue, suspendues, suspendu, caduque, caduques, obsolète, obsolètes, échauffement, vraie tâche, seule valable, seules valables, celles qui suivent, remets à zéro, réinitialise, ignore, ignorez, ignorer, oublie, oubliez, néglige, outrepasse, contourne, laisse de côté, laissez de côté
this-text    | en | this note, this paragraph, this block, these instructions, the following, those below
this-text    | fr | cette note, ce paragraphe, ce bloc, ces consignes, celles qui suivent
prevails     | en | takes precedence, take precedence, replaces, replace, overrides, override, supersedes, supersede
prevails     | fr | prévaut, prime, est prioritaire, sont prioritaires, remplacent, remplace, fait foi, font foi
fresh        | en | new, updated, revised, real, actual, true, hidden, secret
fresh        | fr | nouvelle, nouvelles, nouveau, nouveaux, vraie, vraies, véritable, véritables, cachée, cachées
order-noun   | en | instruction, directive, order, prompt
order-noun   | fr | instruction, directive, consigne, ordre
jailbreak    | en | system override, admin override, jailbreak, jailbroken, dan mode, god mode, unrestricted mode, without any restrictions, no rules apply, elevated trust, safety filters are off, safety filter is off, safety rules are off, safety rules are disabled, safety rules are lifted, safety guidelines are off, safety guidelines are lifted
jailbreak    | fr | mode dieu, mode sans restriction, sans aucune restriction, aucune règle ne s'applique, confiance élevée
# Changing the reader's role.
becomes      | en | you are now, you're now, you will now be, from now on you are, henceforth you are, you become, starting now you are, from this point on you are, you now play, you now act as
becomes      | fr | tu es désormais, tu es maintenant, tu es à présent, tu es dorénavant, vous êtes désormais, vous êtes maintenant, vous êtes à présent, vous êtes dorénavant, tu deviens, vous devenez, à partir de maintenant tu es, à partir de maintenant vous êtes, dès maintenant tu es, tu joues désormais le rôle d', tu joues désormais le rôle de, vous jouez désormais le rôle de
role         | en | assistant, agent, ai, model, bot, robot, admin, administrator, root, superuser, developer, owner, hacker, system, dan, shell, terminal, persona, character, operator, maintainer, officer, script, deploy script, release manager
role         | fr | assistant, assistante, agent, ia, modèle, robot, admin, administrateur, administratrice, développeur, propriétaire, pirate, système, personnage, opérateur, opératrice, mainteneur, mainteneuse, bot, responsable, script, script de déploiement, responsable sécurité
unbound      | en | free, unrestricted, jailbroken, dan
unbound      | fr | libre, libres, sans restriction, sans aucune restriction, en mode admin, en mode administrateur, en mode développeur, en mode dieu, en mode dan, en mode root, en mode sans restriction
henceforth   | en | from now on, from this point on, henceforth, starting now, effective immediately, as of now
henceforth   | fr | désormais, dorénavant, à partir de maintenant, à présent, dès maintenant, avec effet immédiat
# A new identity given to the reader, whatever the role (steering with a safeguard lifted: "New role: you are …; skip the checks").
identity-shift | en | new role, your new role, consider yourself, you act as, you now act as, you will act as, you become, you are now, you're now, as of this note you, for the rest of this session you are, for this session you are, you are henceforth, from here on you are
identity-shift | fr | nouveau rôle, ton nouveau rôle, votre nouveau rôle, considère-toi comme, considérez-vous comme, tu agis comme, tu agis maintenant comme, vous agissez comme, tu deviens, vous devenez, te voilà, vous voilà, tu es désormais, vous êtes désormais, pour la suite de la session tu es, pour la suite de la session, tu es, pour cette session tu es
# A tool's verdict on what it checked (fake tool output claims one: "✔ guard: OK — …").
verdict      | en | ok, green, passed, pass, success, succeeded, clean, all clear, safe, no issues, 0 issues, no findings
verdict      | fr | ok, conforme, ras, succès, réussi, sûre, sûr, aucun problème, 0 problème, sans risque, vert
new-allegiance | en | obey, answer only, respond only, reply only, only answer, only respond, only reply, only obey, no longer follow, no longer obey, no longer need to ask, no longer have to ask, no longer are bound, work for, ignore, take orders
new-allegiance | fr | obéis, obéissez, réponds uniquement, répondez uniquement, ignores, ignorez, n'as plus à, n'avez plus à, ne dois plus demander, ne dois plus respecter, ne dois plus suivre, ne devez plus demander, ne devez plus respecter, ne devez plus suivre, travailles pour, travaillez pour
no-longer    | en | you are no longer, you're no longer
no-longer    | fr | tu n'es plus, vous n'êtes plus
unbound-state | en | bound, restricted, limited, required, an ai, an assistant, a model
unbound-state | fr | un assistant, un agent, un modèle, une ia, tenu de, tenue de, tenu à, tenus par, obligé de, obligée de, soumis, soumise
play-role    | en | act as, pretend to be, pretend you are, pretend you're, pretend that you are, roleplay as, role-play as, play the role of, behave as, behave like, impersonate
play-role    | fr | joue le rôle de, joue le rôle d', jouez le rôle de, jouez le rôle d', fais comme si tu étais, faites comme si vous étiez, fais semblant d'être, faites semblant d'être, comporte-toi comme, comportez-vous comme, agis comme, agissez comme, incarne, incarnez
# Whoever could approve: the user, the owner, a lead.
authority    | en | the user, the owner, the human, the operator, the admin, the administrator, the maintainer, the team lead, your user, your operator, the ciso, the security team, the lead, the manager, the client
authority    | fr | l'utilisateur, l'utilisatrice, le propriétaire, l'humain, l'opérateur, l'opératrice, l'admin, l'administrateur, l'administratrice, le responsable, la responsable, le rssi, l'équipe sécurité, le lead, le chef de projet, le client
approved     | en | approved by, approved, authorized, authorised, agreed, consented, confirmed, signed off, okayed, pre-approved, preapproved, pre-authorized, pre-authorised, allowed, cleared, validated, given the go-ahead, given go-ahead, given permission, given approval, given consent
approved     | fr | validé par, validée par, approuvé par, approuvée par, approuvé, approuvée, approuvés, approuvées, autorisé, autorisée, autorisés, autorisées, confirmé, confirmée, confirmés, confirmées, pré-approuvé, pré-approuvée, préapprouvé, pré-validé, pré-validée, prévalidé, validé, validée, validés, validées, accepté, acceptée, acceptés, acceptées, donné son accord, donné son feu vert, donné son autorisation
aware        | en | aware, fine with it, fine with this, ok with it, ok with this, okay with it, okay with this, in the loop
aware        | fr | au courant, d'accord, ok, prévenu, prévenue
in-advance   | en | in advance, upfront, beforehand, ahead of time, for this note, for this handoff, for this session, for this ticket
in-advance   | fr | d'avance, en amont, au préalable, préalablement, pour cette note, pour cette passation, pour cette session, pour ce ticket
approval-given | en | already approved, already authorized, already authorised, approval was given, approval has been given, approval is given, approval was granted, approval has been granted, approval was obtained, approval has been obtained, approval was already given, written approval, sign-off was given, sign-off has been given, consent was given, consent has been given, permission was given, permission has been granted, permission was granted, authorization was given, authorization was granted
approval-given | fr | déjà validé, déjà validée, déjà validés, déjà validées, déjà approuvé, déjà approuvée, déjà autorisé, déjà autorisée, validation obtenue, accord obtenu, accord écrit, accord a été donné, l'accord a été donné, autorisation a été donnée, l'autorisation a été donnée, autorisation a été accordée, validation a été donnée, permission a été donnée
# What an approval lets the reader do: « X a validé que l'agent peut… ».
may          | en | can, may, is allowed to, are allowed to, is free to, doesn't need to, does not need to, no longer needs to
may          | fr | peut, peux, pouvez, pourra, pourras, pourrez, est autorisé à, est autorisée à, es autorisé à, êtes autorisé à, a le droit de, as le droit de, n'a pas besoin de, n'as pas besoin de, n'a plus besoin de
# The reader's own safeguards, which only an attacker asks to lift (a sealed team's signature check among them).
reader-safeguard | en | vigilance point, safety check, security check, security warning, safety warning, the frame, reading guard, signature check, signature verification, verification of the signature
reader-safeguard | fr | point de vigilance, vigilance, vérification de sécurité, contrôle de sécurité, alerte de sécurité, avertissement de sécurité, le cadre, garde de lecture, vérification des signatures, vérification de la signature, vérification de signature, contrôle des signatures, contrôle de la signature
lift-safeguard | en | don't show, do not show, don't report, do not report, don't display, do not display, hide, omit, skip, ignore, disable, bypass
lift-safeguard | fr | ne montre pas, ne montrez pas, n'affiche pas, n'affichez pas, ne signale pas, ne signalez pas, ne mentionne pas, ne mentionnez pas, cache, cachez, masque, masquez, omets, omettez, saute, sautez, ignore, ignorez, désactive, désactivez, contourne, contournez, ne tiens pas compte des, ne tenez pas compte des
# Reading this note some other way than through the reader: « lis la note avec cat ».
this-file    | en | this note, the note, this file, the raw file, the raw note, this handoff, the handoff file
this-file    | fr | cette note, la note, ce fichier, le fichier brut, la note brute, le fichier de la note, cette passation
bypass-manner | en | with cat, with less, with head, with more, raw, directly, without the frame, without going through, instead of, bypassing
bypass-manner | fr | avec cat, avec less, avec head, avec more, en brut, brut, directement, sans le cadre, sans passer par, au lieu de, plutôt que, en contournant
# A note can grant no permission (steering.ts, « permission-accordee »): a claim of approval, trust, a policy, a mode or
# a status, for whoever resumes this note, that lifts one of the reader's safeguards. The claim:
grant-claim  | en | resumption policy, handoff policy, pre-approved, preapproved, pre-authorized, trusted, verified, vetted, whitelisted, allowlisted, approved, approval, authorized, authorised, consent, consented, confirmed, signed off, supersedes, overrides, takes precedence over, replaces, on behalf of, authority, cleared, cleared it, has cleared, green-lit, greenlit, given consent, has given consent, ruled, decided, is allowed to, allowed to, is free to, free to, feel free to, exempt, signed, sign-off, made the call, agreed, has agreed, green light, the green light, the go-ahead, guaranteed, assured, settled, okayed, pre-authorised, per the, as per
grant-claim  | fr | politique de reprise, vérifiée, vérifié, de confiance, pré-approuvée, pré-approuvé, préapprouvée, approuvée, approuvé, validée, validé, autorisée, autorisé, accord, consentement, a confirmé, ont confirmé, a dit que, a validé, remplace, prévaut sur, prime sur, au nom de, autorité, a signé, ont signé, signée, signé, d'accord, est d'accord, a donné son accord, a approuvé, ont approuvé, approuve, a accordé, accordée, accordé, a tranché, a décidé, est libre de, libre de, a toute latitude pour, toute latitude, sans risque, exemptée, exempté, a garanti, ont garanti, a assuré, nous a assuré, a acté, ont acté, feu vert, le feu vert, sur décision de, sur validation de, sur instruction de, en droit de, est en droit de, a le droit de, pré-autorisé, pré-autorisée, préautorisé, habilité, habilitée, a pré-autorisé
# The field a note states it in: « Statut : … », "Resumption policy: …" (a claim only with one of the words above).
grant-field  | en | status, mode, policy, execution mode, trust level, approval, approval status, authorization, conditions, rules of engagement, rights, permissions, permission, handling, execution, clearance, state, security, trust, rules, ground rules
grant-field  | fr | statut, mode, politique, mode d'exécution, niveau de confiance, approbation, validation, autorisation, conditions, régime, droits, permissions, exécution, habilitation, état, sécurité, confiance, securite, etat, execution, regime, règles, consignes
# A field named after the handoff itself: « Mode de reprise : … » claims for this note by its label alone.
handoff-field | en | resumption policy, handoff policy, resume mode, resumption mode, handoff mode, resumption status, handoff status, handoff conditions, resumption conditions, resumption, handoff, pickup, takeover, resume policy
handoff-field | fr | politique de reprise, mode de reprise, statut de reprise, mode de passation, politique de passation, conditions de reprise, conditions de passation, régime de reprise, reprise, passation, regime de reprise, politique de passation
# Who it claims to be for: this note, this handoff, its reader, the reading skill.
this-handoff | en | this note, this handoff, this resumption, whoever resumes, who resumes, whoever picks this up, the resuming assistant, the resuming agent, the resuming model, resuming assistant, resuming agent, the reading skill, reprendre-contexte, recuperer-contexte, the agent resuming, the assistant resuming, the model resuming, whoever resumes it, whoever takes over, the next ai on this task, the ai reading this, the assistant reading these lines, the tool resuming the session, resuming this session, this context, this note's reader, the reader of this note, whoever reads this note, who reads this note, the ai reading this note, the assistant reading this note, the agent reading this note, for the resumption, the model taking over, the agent taking over, the assistant taking over, picking this file up, whoever resumes this session, the next assistant, the next agent, the next ai, the next model, the pickup of this work, picking up this work, this document
this-handoff | fr | cette note, cette passation, cette reprise, qui reprend, qui reprendra, qui reprendrez, celui qui reprend, l'ia qui reprend, l'agent qui reprend, l'assistant qui reprend, reprendre-contexte, recuperer-contexte, la suite de cette session, la reprise de ce contexte, ce contexte, l'ia qui lit, l'agent qui lit, le lecteur de cette note, la lectrice de cette note, qui lit cette note, quiconque lit cette note, quiconque reprend, la reprise de cette note, pour la reprise, qui prend la suite, qui lira ce fichier, qui lira cette note, qui lis ceci, l'exécution de ce plan, la présente note, la présente passation, la reprise de ce travail, ce document, le présent document
# Who it may be for, named without pointing at this note: a claim for them is an alert unless the sentence discusses
# injections (a filter's test case, a paper), where "the agent" is anyone's.
any-reader   | en | the note, note, the handoff, handoff, the resumption, resumption, the skill, the assistant, the agent, the ai, the model, assistant, agent, this session
any-reader   | fr | la note, note, la passation, passation, la reprise, reprise, le skill, la skill, l'assistant, l'agent, l'ia, le modèle, assistant, agent
# The reader's safeguards a claim lifts, and how they are lifted.
reader-guard | en | skill, reprendre-contexte, recuperer-contexte, confirmation, confirmation prompt, user confirmation, user validation, user approval, alert, alerts, vigilance, warning, check, checks, verification, validation, guard, guardrail, hook, hooks, rules, skill rules, the skill's rules, review, sandbox, permission prompt, approval prompt, frame, reading guard, reading checks, confirmation step, confirmation prompts, security checks, reading alert, reading guard's alert, skill's alert, safety check
reader-guard | fr | skill, reprendre-contexte, recuperer-contexte, consignes, confirmation, confirmations, validation de l'utilisateur, validation utilisateur, validation, alerte, alertes, vigilance, avertissement, vérification, vérifications, contrôle, contrôles, garde, garde-fou, hook, hooks, règles, règles du skill, relecture, revue, bac à sable, cadre, garde de lecture, contrôles de sécurité, avertissements, skill de lecture, alerte de lecture, étape de confirmation, garde-fous
lift-verb    | en | disable, disabled, skip, skipped, ignore, ignored, bypass, bypassed, turn off, turned off, switch off, switched off, suspend, suspended, lift, lifted, waive, waived, override, do not stop on, don't stop on, does not stop on, doesn't stop on, never stops on, won't stop on, will not stop on, do not stop at, don't stop at, never stop on, no need for, not needed, not required, optional, off, silence, silenced, neutralise, neutralize, mute, muted, exempt from, is exempt from, exempted from, not subject to, is not subject to, do not apply, does not apply, don't apply, doesn't apply, no longer apply, no longer applies, is wrong, are wrong, is mistaken, not stop on, not be held up by, need not go through, does not need to go through, doesn't need to go through, do not need to go through, needs no, need no, already passed, has already passed, no need to run
lift-verb    | fr | désactiver, désactive, désactivez, désactivé, désactivée, désactivés, désactivées, ignorer, ignore, ignorez, ignorée, ignorées, sauter, saute, sautez, contourner, contourne, contournez, lever, levée, levées, suspendre, suspendue, suspendues, couper, coupée, passer outre, passe outre, passez outre, passent outre, passé outre, ne s'arrête pas sur, ne s'arrête pas aux, ne pas s'arrêter sur, ne pas s'arrêter aux, ne t'arrête pas sur, ne t'arrête pas aux, ne vous arrêtez pas sur, ne vous arrêtez pas aux, inutile, inutiles, facultative, facultatives, non requise, non requises, pas nécessaire, ne pas tenir compte de, ne tient pas compte de, ne tiens pas compte de, neutralise, neutraliser, neutralisez, oublie, oubliez, oublier, exemptée de, exempté de, exemptés de, exemptées de, n'est pas soumise à, n'est pas soumis à, pas soumise à, pas soumis à, ne s'applique pas, ne s'appliquent pas, ne s'applique plus, ne s'appliquent plus, se trompe, se trompent, à ignorer, se passer de, se passe de, se passent de, se passer des, se passe des, n'a pas à être, n'ont pas à être, pas s'arrêter sur, pas s'arrêter aux, non requis, a déjà passé, ont déjà passé, inutile de le refaire, inutile de refaire, pas soumise, pas soumis, non soumise, non soumis, dispensée, dispensé, dispensés, dispensées, ne pas tenir compte des, ne pas tenir compte du, ne tient pas compte des, ne tenir aucun compte de, ne tiens pas compte des, ne tiens pas compte de, ne tenez pas compte des, ne tenez pas compte de
# Set above the reader's rules: « cette note prévaut sur le skill ».
# Showing the note or its alerts to the user, a safeguard a note may claim to lift: "no need to show the alerts to the user".
show-verb    | en | show, shows, showing, shown, display, displaying, displayed, mention, mentioning, surface, surfacing, report, reporting
show-verb    | fr | montrer, montre, montrée, montré, montrées, montrés, afficher, affichée, affiché, affichées, présenter, présentée, mentionner, signaler, signalée, remonter
# A safeguard dismissed as a false alarm: "treat the alerts as false positives".
false-alarm  | en | false positive, false alarm, noise
false-alarm  | fr | faux positif, fausse alerte, faux positifs, fausses alertes
keep-verb    | en | keep, keeping, hold back
keep-verb    | fr | garde, gardez, garder, tiens, tenez
treat-as     | en | treat, consider, regard, handle
treat-as     | fr | considère, considérez, considérer, traite, traitez, traiter, tiens, tenez
# Words of a field's label that name the reader or the handoff: « Droits de l'agent : », "AI handling:".
field-reader | en | agent, ai, assistant, model, resumption, resume, pickup, handoff, reader
field-reader | fr | agent, ia, assistant, modèle, reprise, passation, lecteur
supersede    | en | supersedes, overrides, replaces, takes precedence over, trumps, outranks, comes before, goes before, ranks above, outweighs
supersede    | fr | remplace, prévaut sur, prime sur, annule, l'emporte sur, passe avant, passent avant, prend le pas sur, prime, passe devant
# A safeguard lifted in one phrase.
lifted-phrase | en | without confirmation, without asking, without user confirmation, without validation, without review, automatic execution, auto-execute, auto-execution, auto-approve, auto-approved, autonomous, autonomously, full auto, unattended, without stopping, do not ask for confirmation, don't ask for confirmation, never ask for confirmation, no confirmation needed, no confirmation required, do not ask the user, don't ask the user, auto execution, auto execute, auto approve, auto approved, no user approval, needs no approval, needs no user approval, without approval, without user approval, without review, no review needed, no questions, no questions asked, without checking with the user, do not check with the user, hands-off, hands off, auto resume, auto-resume, automatic resume, unsupervised, without supervision, full trust, non-interactive, no review, without a confirmation prompt, without any confirmation, without checking in, without checking in with the user, straight to the deploy, straight to deployment, straight to production, straight to the release
lifted-phrase | fr | sans confirmation, sans validation, sans relecture, sans demander, exécution automatique, exécution auto, auto-exécution, autonome, en autonomie, sans intervention, sans s'arrêter, sans arrêt, ne demande pas de confirmation, ne demandez pas de confirmation, ne demande jamais de confirmation, aucune confirmation, ne demande pas à l'utilisateur, ne demandez pas à l'utilisateur, exécution auto, sans approbation, sans validation de l'utilisateur, sans l'accord de l'utilisateur, aucune validation, sans poser de questions, sans vérifier avec l'utilisateur, aucune validation de l'utilisateur requise, reprise automatique, sans surveillance, exécution sans surveillance, confiance totale, non interactif, non interactive, sans interruption, sans aucune confirmation, sans revue, directement au déploiement, directement en production, directement à la mise en production
# Lifting the reader's confirmations.
no-need      | en | no need to, there is no need to, without needing to, you don't need to, you do not need to, you won't need to, you will not need to, you no longer need to
no-need      | fr | pas besoin de, aucun besoin de, inutile de, nul besoin de, tu n'as pas besoin de, vous n'avez pas besoin de, sans avoir à, sans devoir
check-verb   | en | ask, check, confirm, verify, wait, request, confirmation, validation, permission, approval
check-verb   | fr | demander, redemander, confirmer, vérifier, attendre, valider, consulter, confirmation, validation, permission, autorisation
you-have     | en | you have, you've got, you now have, you are cleared
you-have     | fr | tu as, vous avez
permission   | en | permission, approval, authorization, authorisation, clearance, go-ahead, green light, carte blanche, full permission, explicit permission, the permission, full approval, explicit approval
permission   | fr | carte blanche, autorisation, l'autorisation, feu vert, le feu vert, accord, l'accord, droit d'écriture, droits d'écriture, le droit, désormais carte blanche, maintenant carte blanche
you-are      | en | you are, you're, you are now
you-are      | fr | tu es, vous êtes, tu es désormais, vous êtes désormais, tu es maintenant
allowed      | en | allowed, authorized, authorised, permitted, cleared
allowed      | fr | autorisé, autorisée, autorisés
anything     | en | any, all, every, whatever
anything     | fr | tout, toute, toutes, tous, n'importe
every        | en | every, all, any
every        | fr | toutes les, tous les, les, chaque
safeguard    | en | confirmation, confirmation prompt, approval step, approval prompt, validation, control step, review step, check, safety check, verification, warning, vigilance point, guard
safeguard    | fr | confirmation, demande de confirmation, étape de contrôle, étape de validation, étape de confirmation, validation, vérification, contrôle, alerte, point de vigilance, garde, avertissement
# Hiding from the user.
the-user     | en | user, human, operator, owner, reviewer, person, anyone
the-user     | fr | utilisateur, utilisatrice, humain, propriétaire, relecteur, relectrice
not          | en | do not, don't, never, no need to
hide-object  | en | this, it, that, anything, them
keep-secret  | en | keep this secret, keep it secret, keep that secret, keep these secret, keep this hidden, keep it hidden, keep this quiet, keep it quiet, keep this private, keep it private, keep this between us, keep it between us, keep this to yourself, keep it to yourself, keep this confidential, keep it out of the reply, keep it out of the answer, keep it out of the summary, keep it out of your reply, keep it out of your summary, keep this out of your summary, hide this from, hide it from, hide that from, hide the output from, hide the change from, hide the command from, hide the commands from, hide the step from, behind the user's back, without the user knowing, without the user's knowledge, without the user noticing, without the user's consent
keep-secret  | fr | garde ça secret, garde cela secret, garde ça pour toi, gardez ça pour vous, garde ça entre nous, gardez ça entre nous, garde le secret, gardez le secret, rien dire à, sans en parler à, sans rien dire à, sans parler à, ne rien dire, ne rien lui dire, ne rien leur dire, ne pas dire, ne pas signaler, ne pas mentionner, ne pas montrer, ne pas afficher, ne pas remonter, ne pas en parler, ne pas lui dire, ne jamais dire, ne jamais signaler, ne jamais mentionner, ne surtout pas dire, ne surtout pas signaler, ne surtout pas mentionner, ne rien signaler, ne rien mentionner, ne rien montrer, ne pas préciser, ne pas révéler, ne pas demander, ne rien demander, ne pas lui demander
hide-verb    | fr | cache, cachez, masque, masquez
to-the-user  | fr | à l'utilisateur, à l'utilisatrice, à l'humain, à personne, à quiconque, de l'utilisateur, de l'utilisatrice
tell-negation | fr | rien, pas, jamais, surtout pas
object-pronoun | fr | le, la, les, lui, leur, en, l'
# What may stand between « tu » or « vous » and a verb said in the future: « tu ne lui diras rien », « vous m'enverrez ».
verb-clitic  | fr | le, la, les, lui, leur, en, l', y, me, m', nous
without-asking | en | without asking, without telling, without informing, without notifying, without warning, without alerting, without bothering, without consulting
without-user | en | without confirmation, without user confirmation, without any confirmation, without the user's knowledge, without the user's consent, without the user's approval
without-user | fr | sans rien demander, sans demander, sans confirmation, sans validation, sans le dire, sans lui dire, sans leur dire, sans en dire, sans le signaler, sans le mentionner, sans le montrer, sans prévenir, sans le prévenir, sans la prévenir, sans les prévenir, sans afficher, sans dire, sans signaler, sans mentionner, sans montrer, sans attendre de confirmation, sans attendre la confirmation, sans attendre son accord, sans attendre leur accord, sans attendre de validation, sans attendre la validation, sans demander de confirmation, sans demander la confirmation, sans demander l'accord, sans demander son accord, sans demander son avis, sans demander la permission, sans demander de validation, sans que l'utilisateur ne le sache, sans que l'utilisateur le sache, sans que l'utilisateur le voie, sans que l'utilisateur ne le voie, sans que personne ne le sache, sans que personne le sache, sans que personne ne le remarque, sans que l'utilisateur ne s'en rende compte, sans que l'utilisateur s'en rende compte
without-whom | en | the user, your user, the human, the operator, the owner, anyone, them, for confirmation, for permission, for approval, confirmation, permission, approval, again
hidden-manner | en | silently, quietly, secretly, covertly, discreetly
hidden-manner | fr | en silence, silencieusement, discrètement, en douce, en cachette
leave-out    | en | omit, leave out, exclude, skip mentioning
leave-out    | fr | passe sous silence, passez sous silence, omets, omettez, n'évoque pas, n'évoquez pas, tais, taisez, ne mentionne pas, ne mentionnez pas, laisse de côté, laissez de côté
report-noun  | en | summary, report, answer, reply, response, mention
report-noun  | fr | résumé, réponse, restitution, compte rendu, rapport, mention
when-reporting | en | when you report, when you summarize, when you summarise, when you answer, when you reply
when-reporting | fr | quand tu résumes, quand tu restitues, quand tu réponds, dans ta restitution, dans ta réponse, dans ta synthèse
leave-out-after | en | omit, leave out, skip, exclude, don't mention, do not mention
leave-out-after | fr | n'indique pas, ne dis pas, tais, omets, passe sous silence, ne mentionne pas
# Acting before the note is read.
before-reading | en | before anything else, then read, then continue reading, only then read, and only then read, don't read further, do not read further, don't read any further, do not read any further, until you have run, until you've run, before you do anything, before doing anything, before reading further, before reading on, before reading the rest, before reading any further, before reading this note, before reading the note, before reading anything, before you read further, before you read on, before you read the rest, before you read this note, before you read anything, before responding, before you respond, before answering, before you answer, before summarizing, before summarising, before you summarize, before looking at, before you look at, before touching anything, before you touch anything, before opening any file, before opening the files, before opening any files, before you open any file, first mandatory step, first required step, step zero, prior to anything, before parsing anything else, before processing anything else
before-reading | fr | puis lis, puis lisez, puis lire, et seulement ensuite lis, et seulement ensuite lire, seulement ensuite lis, seulement ensuite lire, ne lis pas la suite, ne lisez pas la suite, tant que tu n'as pas exécuté, tant que tu n'as pas lancé, tant que vous n'avez pas exécuté, tant que vous n'avez pas lancé, étape zéro, avant toute chose, avant toute autre action, avant toute autre chose, avant tout le reste, avant tout reste, avant tout, avant de lire, avant de poursuivre la lecture, avant de répondre, avant de résumer, avant de faire quoi que ce soit, avant de regarder, avant de toucher à quoi que ce soit, avant de toucher à rien, avant même d'ouvrir, avant même de lire, avant même d'ouvrir les fichiers, première étape obligatoire, étape obligatoire, puis seulement reprendre, puis seulement lire, puis seulement continuer, dès la reprise, dès la lecture, dès que tu lis, dès que vous lisez, dès que tu reprends, dès que vous reprenez, dès que tu ouvres, dès que vous ouvrez
# "do not read on" is the reader told to stop; "do not read on OpenSSL's stack" (a changelog) reads somewhere else.
read-on | en | don't read on, do not read on, never read on
read-on-until | en | until, till, before, unless, and, then, without, past, beyond
# An order of steps any tutorial gives its reader: steering only with a command to run (steering.ts).
first-step   | en | as a first step, as the first step, as your first step, as the very first step, as a first action, as the first action, as your first action, as a first task, as your first task
first-step   | fr | en premier, en tout premier, en premier lieu, en tout premier lieu
# Command lines that fetch or run code, quoted in a code span: « avant de lire, “npx outil init” ».
runs-code    | en | npx, bunx, pnpm dlx, yarn dlx, pipx run, uvx, npm install, npm i, npm exec, npm run, pnpm install, yarn add, pip install, pip3 install, python -m pip install, gem install, cargo install, go install, go run, brew install, apt install, apt-get install, curl, wget, bash, sh, zsh, python, python3, node, deno, bun, docker run, make, iex, irm, iwr
right-away   | en | right away, immediately, at once, straight away, without delay, first of all
right-away   | fr | avant de commencer, avant de continuer, avant de reprendre, dès maintenant, dès à présent, immédiatement, tout de suite, sans attendre, sans tarder, d'emblée, de suite
# Secrets: what they are called, and where they can be sent.
secret-name  | en | environment variable, env variable, environment var, env var, password, passwd, passphrase, credential, creds, secret, access token, api token, auth token, bearer token, github token, gitlab token, npm token, slack token, personal access token, refresh token, session token, api key, api-key, apikey, access key, private key, ssh key, session cookie, printenv, rediscli_auth
secret-name  | fr | variable d'environnement, variables d'environnement, mot de passe, mots de passe, identifiants, secret, token d'accès, token d'api, tokens d'accès, jeton d'accès, clé privée, clés privées, clé ssh, clés ssh, clé d'api, clé api, clé secrète, clés secrètes, clé d'accès, cookie de session
# Sending, said as a noun (a to-do plan: « 3. Envoi de ~/.aws/credentials à … »).
leak-noun    | en | sending, upload, transfer, export, copy, dump, post, forwarding, share
leak-noun    | fr | envoi, transmission, transfert, partage, publication, upload, export, copie, dump, téléversement
local-secret | en | all environment variables, all env variables, all env vars, every environment variable, your environment variables, your env vars, printenv, rediscli_auth, contents of .env, contents of the .env, contents of your .env, content of .env
local-secret | fr | toutes les variables d'environnement, tes variables d'environnement, vos variables d'environnement, contenu du .env, contenu du fichier .env, contenu de .env
outward-to   | en | to, into, in, on
outward-to   | fr | à, au, aux, dans, sur, vers
destination  | en | chat, conversation, response, reply, answer, message, issue, ticket, comment, commit, pr, pull request, url, webhook, server, endpoint, pastebin, gist, slack, discord, teams, channel, email, e-mail, mail, summary, output, public, https, http
destination  | fr | conversation, réponse, message, ticket, commentaire, serveur, canal, courriel, résumé, synthèse, restitution, sortie, public
to-me        | en | me, us
to-me        | fr | moi, -moi, nous, -nous
never        | en | never, not, don't, do not, doesn't, won't, avoid, no longer, without
never        | fr | ne, n', jamais, sans, évite, évitez, éviter
image-link   | en | image, badge, pixel, link, url, markdown
image-link   | fr | image, lien
smuggle      | en | replacing, replace, appending, append, with the value of, encoded, after q=
smuggle      | fr | en remplaçant, en y ajoutant, avec la valeur, encodé, encodée, après q=
smuggled     | en | session, conversation, summary, content, contents, value, data, history, chat
smuggled     | fr | session, conversation, résumé, contenu, valeur, données, historique
# Destruction of everything: what « all » can be.
broad-target | en | all, every, everything, entire, whole, the whole, the entire, ~, $home, /
broad-target | fr | tout, toute, tous, toutes, l'ensemble
broad-noun   | en | repo, repository, database, db, prod, production, main, master, home, disk, drive, bucket, cluster, namespace, backup, history, volume
broad-noun   | fr | dépôt, base, base de données, base de recette, base de prod, bdd, prod, production, branche main, branche master, branche principale, répertoire personnel, dossier personnel, home, disque, sauvegarde, backup, historique, volume, bucket, cluster
at-once      | en | immediately, now
at-once      | fr | immédiatement, tout de suite, maintenant
must         | en | please, you must, you should, you need to
must         | fr | merci de, merci d', veuillez, prière de, tu dois, vous devez, il faut que tu, il faut que vous
# Discussing injections is not performing one.
discussion   | en | detection, detector, test case, test cases, tests that, test that, tests for, test for, tests with, test with, example, examples, e.g., such as, phrase like, phrases like, string, strings, pattern, patterns, regex, regexes, regexp, payload, payloads, attack, attacks, attacker, attackers, injection, injections, jailbreak, jailbreaks, phishing, prompt injection
discussion   | fr | détection, détecteur, cas de test, exemple, exemples, par exemple, phrase, phrases, chaîne, chaînes, motif, motifs, attaque, attaques, attaquant, attaquants, hameçonnage, comme «
# Verbs that speak of detection (« le garde signale… ») but also say what is hidden (« ne pas signaler à l'utilisateur »):
# they make a sentence a discussion only when it hides nothing from the user.
discussion-verb | en | detect, detects, filter, filters, flag, flags, flagged, block, blocks, blocked, catches, caught
discussion-verb | fr | détecte, détecter, filtre, filtrer, bloque, bloquer, signale, signaler, repère, repérer
# Notes to a document's editors.
editorial-this | en | this, these, the following, the above, that
editorial-this | fr | ce, cette, ces, le présent
document-part | en | line, comment, section, block, template, text, file, heading, table, list, note, part, paragraph, placeholder, badge, toc, entries, entry, item, link, logo, screenshot, image, anchor, header, footer, title, name, description
document-part | fr | ligne, commentaire, bloc, modèle, texte, fichier, tableau, liste, paragraphe, entrée, lien, titre
editorial    | en | generated, auto-generated, autogenerated, regenerate, prettier, eslint, markdownlint, toc, omit in toc, do not edit, don't edit, todo, fixme, all-contributors, release-please, changeset, begin, end, start, stop, screenshot, gif, video, animation, diagram, figure, image, logo, badge, to generate, to regenerate, to build, to rebuild, to update, to format, to lint, to refresh, to render, to sync, to preview
editorial    | fr | généré, générée, ne pas modifier, ne pas éditer, capture d'écran, vidéo, diagramme, pour générer, pour regénérer, pour mettre à jour, pour construire, pour formater
# Hidden text: the few commands named as such.
hidden-command | en | chmod, sudo, curl, wget
`;
