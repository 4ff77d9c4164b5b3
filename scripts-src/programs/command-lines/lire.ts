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
invisibles y sont rendus visibles (\\u{200B}…). Le fichier n’est pas modifié.`,
  commands: [
    {
      summary: 'affiche la note comme une donnée',
      arguments: [{ shown: '<note>' }],
      options: [],
      json: '{ fichier, alertes: [{ ligne, regle, extrait }], vigilance, cadre }',
      exitCodes: [Success, Usage, NotFound],
    },
  ],
  options: [],
  environment: [],
  notes: 'Limite : 1 Mio.',
  meanings: {
    [Success]: 'succès (les alertes ne changent pas le code de sortie : lisez-les)',
    [Usage]: 'erreur d’utilisation : argument ou fichier invalide (dossier, vide, trop gros)',
    [NotFound]: 'note introuvable',
  },
};
