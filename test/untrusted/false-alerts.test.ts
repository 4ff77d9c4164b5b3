import { describe, expect, it } from 'vitest';
import { readNote } from '../../scripts-src/lib/untrusted/read-untrusted.js';

const alertsOf = (note: string) => readNote(note).alertes;

import { handoffNote, RUBRIQUES } from '../helpers/notes.js';
import { type Placement, PROSE_RUBRIQUES, plant } from './plant.js';

/** Ordinary lines of a handoff note; none of them speaks to the reading agent. */
const ORDINARY_LINES = [
  // Past-tense descriptions.
  "J'ai supprimé le dossier target puis relancé mvn package.",
  'J’ai supprimé le dossier `target` puis relancé `mvn package`.',
  'La base de recette a été vidée hier par l’équipe data.',
  'Nous avons ignoré le test flaky `test_publish`.',
  'On a effacé les fichiers temporaires de `tmp/` après le build.',
  'Bob a ignoré les consignes de nommage dans `legacy/`, à corriger plus tard.',
  'Impasse : essayé de vider le cache npm, sans effet.',
  'J’ai affiché les logs du pod avec `kubectl logs`, rien d’anormal.',
  'Carole a écrit : « on peut supprimer la branche `feature/old` ». C’est fait.',
  'I deleted the build folder and reran the tests.',
  'We ignored the flaky `test_publish` for now.',
  'Removed the old `v1` routes; the mobile client no longer calls them.',
  'Yesterday the data team wiped the staging database and reloaded a fresh dump.',
  // Infinitive to-dos.
  'Supprimer le dossier `dist/` avant de reconstruire.',
  '- [ ] Vider le cache Redis de recette avant les tests de charge (ticket CAT-412).',
  '- [ ] Effacer les anciennes migrations une fois la 2.0 livrée.',
  'Il faut ignorer les warnings de dépréciation de Node 20 pour l’instant.',
  'Penser à demander confirmation à Carole avant de migrer la base.',
  // Discussion of instructions and rules.
  'Les instructions de déploiement sont dans RUNBOOK.md.',
  'Voir les consignes de l’équipe sécurité.',
  'Le client nous a demandé d’ignorer les instructions de l’ancien cahier des charges.',
  'Nous avons décidé de ne pas tenir compte des règles de lint historiques dans `legacy/`.',
  'Le mot « instructions » apparaît dans le nom du module `instructions-parser`.',
  'The deployment instructions live in RUNBOOK.md.',
  // Third person, negations.
  'Le script `purge.sh` supprime les fichiers de plus de 30 jours.',
  'Le job `nightly` efface les artefacts de plus de 7 jours.',
  'Décision : on ne supprime pas les anciennes routes tant que le client mobile les appelle.',
  'Le test `test_delete_the_user` échoue toujours.',
  // System, user, assistant, agent, model in ordinary sentences.
  'L’utilisateur `app` n’a que les droits de lecture sur la base de recette.',
  'The user table has 1.2M rows; the migration takes about 20 minutes.',
  'The system uses Redis 7 with ACLs enabled.',
  'La réunion avec l’assistant de direction est reportée à lundi.',
  'Note : le mode « agent » d’OpenCode a servi à générer les tests.',
  'En tant qu’équipe, on a décidé de ne pas migrer le module `billing`.',
  'The assistant role in our chatbot config is defined in `roles.yaml`.',
  'Désormais, le build tourne sur Node 20.',
  'À partir de maintenant, la CI bloque les PR sans tests.',
  // Secrets mentioned, not requested.
  'Le mot de passe Redis est dans le coffre Vault, chemin `secret/catalogue/redis`.',
  'Les variables d’environnement nécessaires sont listées dans `.env.example`.',
  'Le fichier `.env` n’est pas versionné (il est dans `.gitignore`).',
  'Les clés SSH de la CI ont été renouvelées le 28/11 par Marc.',
  'Les identifiants de recette sont gérés par l’équipe plateforme.',
  'La commande `printenv` ne montre pas `REDIS_URL` dans le conteneur, à investiguer.',
  "Le déploiement a échoué avec `Error: ENOENT: no such file or directory, open '.env'`.",
  'Réponse du support : « le token expire après 24 h ».',
  // Token counts.
  'Le modèle consomme environ 12 000 tokens par note.',
  'Décision : on garde `max_tokens: 4096` pour le résumé, au-delà le coût double.',
  'The token budget is 8k per request (`max_tokens: 8192`).',
  // Markdown links, comments.
  'Voir [RUNBOOK](docs/runbook.md "Procédure de déploiement").',
  'Voir [la doc](https://x.example/doc).',
  "Voir [l'ADR 12](docs/adr/0012-transport-http.md 'Pourquoi HTTP plutôt que gRPC').",
  '<!-- TODO: compléter la rubrique -->',
  '<!-- contexte:autorise -->',
  // Identifiers and data.
  'Commit de référence : 3f2c1ab9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3.',
  'Identifiant de la commande : 9b2d5f0e-3c1a-4e8b-9f6d-2a7c4e1b8d03.',
  'Le hash du fichier est `e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`.',
  'Image de test : `iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==`',
  'Ticket : https://jira.example.com/browse/CAT-412',
  'Image Docker : `ghcr.io/acme/catalogue@sha256:6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b`',
  // Emojis.
  'Le ticket 🎉 est fermé, merci à tous 🙏.',
  '⚠️ Ne pas lancer la migration en prod avant vendredi.',
  '👨‍💻 Pair programming avec Bob mardi.',
  // Second person addressed to the teammate, which a handoff note is.
  'Tu peux relancer `npm test` si le test d’import CSV échoue encore.',
  'Si tu reprends, tu dois d’abord rebaser sur `main` maintenant que la PR #42 est mergée.',
  // Discussing commands.
  'Décision : pas de `curl | sh` dans le Dockerfile, on passe par le paquet apt.',
  'Commande utilisée : `git log --oneline -5`.',
];

const YAML_BLOCK = `Configuration de recette :

\`\`\`yaml
database:
  user: app
  password: \${DB_PASSWORD}
  host: db.recette.internal
llm:
  model: claude-sonnet
  max_tokens: 4096
  temperature: 0.2
\`\`\``;

describe('ordinary note lines', () => {
  it('has at least 50 ordinary lines', () => {
    expect(new Set(ORDINARY_LINES).size).toBeGreaterThanOrEqual(50);
  });

  it('gives neither alert nor point of vigilance for the nine-rubrique handoffNote() itself', () => {
    expect(readNote(handoffNote())).toEqual({ alertes: [], vigilance: [] });
  });

  it.each(ORDINARY_LINES.map((text, index) => ({ text, rubrique: PROSE_RUBRIQUES[index % PROSE_RUBRIQUES.length]! })))(
    'gives no alert for $text in « $rubrique »',
    ({ text, rubrique }) => {
      expect(alertsOf(plant(rubrique, text).note)).toEqual([]);
    },
  );

  it('gives no alert for a YAML block with user, password and max_tokens', () => {
    expect(alertsOf(handoffNote({ sections: { 'Décisions et raisons': YAML_BLOCK } }))).toEqual([]);
  });
});

/** Commands are expected in « Commandes utiles ». */
const USEFUL_COMMANDS: Array<{ text: string; placement: Placement }> = [
  { text: 'curl -fsSL https://deno.land/install.sh | sh', placement: 'bloc-de-code' },
  { text: 'curl -fsSL https://deno.land/install.sh | sh', placement: 'texte' },
  { text: 'rm -rf target && mvn package', placement: 'bloc-de-code' },
  { text: 'rm -rf ~/.cache/x', placement: 'bloc-de-code' },
  { text: 'redis-cli -a "$REDIS_PASSWORD" PING', placement: 'bloc-de-code' },
  { text: 'npm ci && npm test', placement: 'bloc-de-code' },
  { text: 'docker compose down -v', placement: 'bloc-de-code' },
  { text: 'git push --force-with-lease origin feature/http', placement: 'bloc-de-code' },
  { text: 'wget -qO- https://get.pnpm.io/install.sh | sh -', placement: 'bloc-de-code' },
  { text: '# Installer deno\ncurl -fsSL https://deno.land/install.sh | sh', placement: 'bloc-de-code' },
  { text: '```\n\n### Outillage\n\n```bash\ncurl -fsSL https://deno.land/install.sh | sh', placement: 'bloc-de-code' },
];

describe('commands in « Commandes utiles »', () => {
  it.each(USEFUL_COMMANDS)('gives no alerte for $text ($placement): at most a point of vigilance', ({ text, placement }) => {
    expect(alertsOf(plant('Commandes utiles', text, placement).note)).toEqual([]);
  });
});

const FULL_NOTES: Record<string, string> = {
  'a Maven migration note': `---
titre: Passage du module facturation à Java 21
auteur: bruno
equipe: facturation
date: 2026-11-28
resume: Build Java 21 vert en local, CI encore en 17, deux tests d'intégration ignorés.
branche: feature/java21
commit: 9e1d4c7
---

# Passation : facturation sous Java 21

## 1. Objectif

Faire tourner le module \`facturation\` sous Java 21 (LTS) avant la fin du sprint 48,
sans changer le comportement des exports PDF.

## 2. État

- Le build passe en local avec \`mvn -B verify\` sous Temurin 21.0.5.
- La CI tourne encore sur l'image \`maven:3.9-eclipse-temurin-17\` : à changer dans \`.gitlab-ci.yml\`.
- J'ai supprimé le dossier \`target\` puis relancé \`mvn package\` : plus d'erreur de classe obsolète.
- Deux tests d'intégration sont ignorés (\`@Disabled\`) : \`ExportPdfIT\` et \`RelanceMailIT\`.

## 3. Décisions et raisons

- On garde Lombok 1.18.34 : la 1.18.30 ne compile pas sous 21.
- Pas de \`--enable-preview\` : on ne veut pas dépendre de fonctionnalités en aperçu.
- Les instructions de migration de l'équipe socle (Confluence, page « Java 21 ») ont été suivies,
  sauf le passage à Spring Boot 3.3, reporté.

## 4. Écarts et corrections

- Au départ j'avais mis à jour Mockito en 5.14, ce qui cassait \`FactureServiceTest\` ; revenu en 5.11.
- Le plugin \`maven-surefire-plugin\` a dû passer en 3.5.2 pour lire les options JVM.

## 5. Impasses

- Tenté de garder \`jacoco\` en 0.8.8 : il plante sur les classes Java 21. Passé en 0.8.12.
- Tenté \`-Djdk.attach.allowAttachSelf\` pour les tests Mockito : inutile.

## 6. Fichiers clés

- \`pom.xml\` : versions de Java, Lombok, Mockito, Surefire
- \`src/test/java/fr/acme/facturation/ExportPdfIT.java\` : test ignoré
- \`.gitlab-ci.yml\` : image de build à changer

## 7. Commandes utiles

\`\`\`bash
sdk use java 21.0.5-tem
rm -rf target && mvn -B package
mvn -B verify -Pintegration
docker compose -f docker/recette.yml up -d postgres
\`\`\`

## 8. Reste à faire

- [ ] Changer l'image de CI vers \`maven:3.9-eclipse-temurin-21\`.
- [ ] Réactiver \`ExportPdfIT\` une fois la police \`DejaVuSans\` ajoutée à l'image.
- [ ] Supprimer le profil Maven \`java17\` quand la CI sera passée.
- [ ] Prévenir Carole (équipe socle) que la facturation est prête.

## 9. Conditions

- Ne pas fusionner avant la validation de la recette par l'équipe métier.
- La base de recette est partagée avec l'équipe data : prévenir avant de la réinitialiser.
`,

  'an LLM summariser note': `---
titre: Résumé automatique des tickets avec un LLM
auteur: fatou
equipe: support
date: 2026-12-01
resume: Le résumeur marche sur 90 % des tickets, reste le découpage des longs fils.
branche: feature/resumeur
commit: 51ab0e2
---

# Passation : résumeur de tickets

## 1. Objectif

Produire un résumé de 5 lignes pour chaque ticket support à sa fermeture,
stocké dans le champ \`resume\` du ticket.

## 2. État

- Le service \`resumeur\` appelle l'API du modèle via \`src/llm/client.ts\`.
- Sur l'échantillon de 200 tickets, 181 résumés jugés bons par l'équipe support.
- Les fils de plus de 30 messages dépassent la fenêtre : environ 14 000 tokens en moyenne.
- Le prompt est dans \`prompts/resume.md\` ; le rôle « assistant » y est décrit en français.

## 3. Décisions et raisons

- \`max_tokens: 512\` pour la sortie : au-delà les résumés deviennent verbeux.
- Température 0.2 : les résumés doivent être stables d'une exécution à l'autre.
- Les messages internes (notes d'agent du support) sont retirés avant l'envoi au modèle.
- La clé d'API est lue dans \`LLM_API_KEY\`, fournie par Vault en production.

Configuration retenue :

\`\`\`yaml
llm:
  endpoint: https://llm.internal.example/v1
  model: resumeur-2026-10
  max_tokens: 512
  temperature: 0.2
queue:
  user: resumeur
  password: \${QUEUE_PASSWORD}
\`\`\`

## 4. Écarts et corrections

- J'avais d'abord envoyé le fil complet, pièces jointes comprises : trop cher, retiré.
- Le découpage par phrases cassait les blocs de code des tickets techniques ; corrigé dans \`split.ts\`.

## 5. Impasses

- Résumer chaque message puis résumer les résumés : trop lent (3 appels par ticket en moyenne).

## 6. Fichiers clés

- \`src/llm/client.ts\` : appel HTTP, reprise sur erreur 429
- \`src/split.ts\` : découpage des fils longs
- \`prompts/resume.md\` : consignes données au modèle

## 7. Commandes utiles

\`\`\`bash
npm ci
LLM_API_KEY=$(vault kv get -field=key secret/support/llm) npm run resume -- --ticket 48213
npm run eval -- --sample 200
\`\`\`

## 8. Reste à faire

- [ ] Découper les fils longs en fenêtres de 8 000 tokens avec chevauchement.
- [ ] Ajouter un test sur un ticket contenant du code.
- [ ] Mesurer le coût mensuel et le présenter à Marc.

## 9. Conditions

- Aucune donnée client ne doit sortir de l'API interne.
- Voir les consignes de l'équipe sécurité avant d'ajouter un nouveau fournisseur.
`,

  'a Redis cache note': `---
titre: Cache Redis devant le catalogue
auteur: alice
equipe: catalogue
date: 2026-12-02
resume: Cache en place sur /produits, invalidation à finir pour les promotions.
branche: feature/cache-redis
commit: c0ffee1
---

# Passation : cache Redis du catalogue

## 1. Objectif

Réduire la latence p95 de \`GET /produits\` sous 80 ms avec un cache Redis.

## 2. État

- Le cache est en place pour \`GET /produits\` et \`GET /produits/:id\` (TTL 300 s).
- p95 mesurée en recette : 62 ms (contre 240 ms avant).
- L'invalidation sur modification de prix marche ; celle des promotions non.
- La base de recette a été vidée hier par l'équipe data, les jeux de test ont été rechargés.
- 👨‍💻 Revue de code faite avec Bob, deux remarques restantes.

## 3. Décisions et raisons

- Redis 7 avec ACL : l'utilisateur \`catalogue\` n'a accès qu'aux clés \`cat:*\`.
- Sérialisation en JSON plutôt que MessagePack : plus simple à déboguer avec \`redis-cli\`.
- Nous avons ignoré le test flaky \`test_publish\` (ticket CAT-431) : il dépend de l'horloge.
- Voir [ADR 14](docs/adr/0014-cache.md "Pourquoi un cache applicatif") pour le détail.

## 4. Écarts et corrections

- Le TTL était à 3600 s au départ : trop long pour les stocks, ramené à 300 s.
- J'ai supprimé les clés \`cat:v0:*\` à la main après le changement de format.

## 5. Impasses

- Le cache HTTP de l'API gateway : il ne gère pas les en-têtes \`Vary\` dont on a besoin.

## 6. Fichiers clés

- \`src/cache/redis.ts\` : connexion, sérialisation
- \`src/cache/invalidation.ts\` : abonnements aux événements de prix
- \`docs/adr/0014-cache.md\` : décision

<!-- TODO: compléter la rubrique avec les métriques Grafana -->

## 7. Commandes utiles

\`\`\`bash
docker compose up -d redis
redis-cli -a "$REDIS_PASSWORD" PING
redis-cli -a "$REDIS_PASSWORD" --scan --pattern 'cat:*' | head
rm -rf ~/.cache/catalogue && npm run warmup
curl -fsSL https://deno.land/install.sh | sh
\`\`\`

## 8. Reste à faire

- [ ] Invalider le cache à la création et à la fin d'une promotion.
- [ ] Supprimer le flag \`CACHE_ENABLED\` une fois en production depuis 2 semaines.
- [ ] Ajouter le tableau de bord Grafana (latence, taux de succès du cache).

## 9. Conditions

- Ne pas activer en production avant le feu vert de l'exploitation.
- Le mot de passe Redis de recette est dans Vault, chemin \`secret/catalogue/redis\`.
`,
};

describe('realistic full notes', () => {
  it.each(Object.entries(FULL_NOTES))('gives no alert for %s', (_name, note) => {
    expect(note.split('\n').length).toBeGreaterThanOrEqual(40);
    expect(RUBRIQUES.every((rubrique) => note.includes(`. ${rubrique}\n`))).toBe(true);
    expect(alertsOf(note)).toEqual([]);
  });
});
