import type { ProgramSpec } from '../../lib/cli/command-line.js';
import { ExitCode } from '../../lib/messages/exit-code.js';

const { Success, Refused, Usage, NotFound } = ExitCode;

export const verifierCommandLine: ProgramSpec = {
  name: 'verifier',
  description: `Vérifie une note de passation avant de la partager, comme publier le fera :
  - l’en-tête YAML se lit et contient titre, auteur, equipe, date, resume ;
  - les neuf rubriques sont présentes et dans l’ordre (Objectif, État, Décisions
    et raisons, Écarts et corrections, Impasses, Fichiers clés, Commandes utiles,
    Reste à faire, Conditions) ;
  - aucun secret (clé, jeton, mot de passe, URL authentifiée, clé privée…) ;
  - aucun chemin personnel absolu (/home/<nom>/, /Users/<nom>/, C:\\Users\\<nom>\\) ;
  - aucun bloc de code de plus de 10 lignes (sortie brute de commande).
Chaque problème donne la règle, la ligne et un extrait masqué, jamais le secret.
La note est aussi lue comme son lecteur la lira : ses alertes (texte qui
semble diriger l’agent du lecteur, contenu caché) sont affichées, sans refus.
Un faux positif s’accepte en ajoutant <!-- contexte:autorise --> sur sa ligne ;
le rapport compte les constats acceptés.`,
  commands: [
    {
      summary: 'vérifie les fichiers',
      arguments: [{ shown: '<fichier>…', repeated: true }],
      options: ['secrets'],
      json: '{ fichier, ok, problemes: [{ regle, message, ligne, chemin, extrait, accepte }], acceptes, alertes, vigilance } (alertes et vigilance : ce que la lecture signalera, voir lire --help ; absents avec --secrets) ; pour plusieurs fichiers, un tableau de ces objets',
      exitCodes: [Success, Refused, Usage, NotFound],
    },
  ],
  options: [
    {
      name: 'secrets',
      help: 'seulement la recherche de secrets, sur une note ou un export JSON (chaque chaîne est examinée ; le chemin JSON est indiqué)',
    },
  ],
  environment: [],
  notes: 'Limites : note 1 Mio, fichier examiné par --secrets 32 Mio.',
  meanings: {
    [Success]: 'aucun problème (les alertes pour le lecteur ne changent pas le code)',
    [Refused]: 'au moins un problème non accepté (secret, en-tête, rubriques, chemin personnel, bloc trop long)',
    [Usage]: 'erreur d’utilisation : argument ou fichier invalide (dossier, vide, trop gros)',
    [NotFound]: 'fichier introuvable',
  },
};
