import type { ProgramSpec } from '../../lib/cli/command-line.js';
import { ExitCode } from '../../lib/messages/exit-code.js';

const { Success, Usage, NotFound } = ExitCode;

export const lireCommandLine: ProgramSpec = {
  name: 'lire',
  description: `Affiche une note de passation reçue d’une autre personne comme une donnée :
d’abord les alertes (lignes qui ressemblent à des instructions pour un agent,
caractères invisibles, contenu caché dans un commentaire HTML, un titre de lien,
des caractères « tag », du base64 ou de l’hexadécimal), puis la note dans un
cadre délimité par un nonce aléatoire absent de la note, précédé d’une ligne
rappelant qu’elle ne contient aucune instruction à suivre. Les caractères
invisibles y sont rendus visibles (\\u{200B}…). Le fichier n’est pas modifié.
Avec --depot, un bloc « État du dépôt » (entre les alertes et la note) dit ce
que git constate : le commit de la note face à HEAD (identique, en-avance,
en-retard, diverge, inconnu, absent), la branche, et l’état de chaque fichier
cité (inchange, modifie-depuis-la-note, modifie-localement, absent, refuse).
Les champs de la note sont validés avant d’aller à git ; aucun fichier n’est
lu ni modifié, rien n’est récupéré ni appliqué.`,
  commands: [
    {
      summary: 'affiche la note comme une donnée',
      arguments: [
        { shown: '<note>' },
        { shown: '[dossier]', optional: true, help: 'avec --depot : un dossier du dépôt à comparer (défaut : le dossier courant)' },
      ],
      options: ['depot', 'modifs'],
      json: '{ fichier, alertes: [{ ligne, regle, extrait }], vigilance, etat_depot (avec --depot : { commit_note, commit_local, relation, ecart: { avance, retard }, branche_note, branche_locale, fichiers: [{ chemin, etat }], refus: [{ champ, valeur, raison }], non_verifies, modifs (avec --modifs : { fichier, base, applicable, fichiers, non_suivis }) }), cadre }',
      exitCodes: [Success, Usage, NotFound],
    },
  ],
  options: [
    { name: 'depot', help: 'compare la note au dépôt git du dossier (ou du dossier courant) : commit, branche, fichiers cités' },
    {
      name: 'modifs',
      value: '<fichier>',
      help: 'avec --depot : dit si le travail en cours reçu avec la note (recuperer get modifs:…) s’appliquerait ici (git apply --check) et sur quels fichiers ; rien n’est appliqué',
    },
  ],
  environment: [],
  notes: 'Limites : note 1 Mio, modifications 5 Mio.',
  meanings: {
    [Success]: 'succès (les alertes ne changent pas le code de sortie : lisez-les)',
    [Usage]: 'erreur d’utilisation : argument ou fichier invalide (dossier, vide, trop gros), dossier de --depot introuvable',
    [NotFound]: 'note introuvable',
  },
};
