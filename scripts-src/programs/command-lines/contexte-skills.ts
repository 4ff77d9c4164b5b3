import type { ProgramSpec } from '../../lib/cli/command-line.js';
import { ExitCode } from '../../lib/messages/exit-code.js';

const { Success, Refused, Usage } = ExitCode;

export const installerCommandLine: ProgramSpec = {
  name: 'contexte-skills',
  invocation: 'npx contexte-skills',
  usageNotes: ['./install.sh [options] [répertoire-du-projet]   (depuis un clone du dépôt)'],
  description: `Copie les quatre skills (partager-contexte, reprendre-contexte, publier-contexte,
recuperer-contexte), chacun avec ses programmes, dans <projet>/.opencode/skills/
(défaut : le dossier courant). Dans le projet, règle "share": "disabled" dans
opencode.json et, si c'est un dépôt git, ajoute /CONTEXTE-*.md, /partage/ et
/session-*.json à .git/info/exclude (ancrés à la racine du projet). Relancer
l'installation met les skills à jour ; rien d'autre n'est modifié.`,
  commands: [
    {
      summary: 'installe (ou retire) les skills',
      arguments: [{ shown: '[répertoire-du-projet]', optional: true }],
      options: ['global', 'agent', 'uninstall'],
      exitCodes: [Success, Refused, Usage],
    },
  ],
  options: [
    { name: 'global', help: 'installe dans ~/.config/opencode/skills/ (tous les projets)' },
    {
      name: 'agent',
      value: '<agent>',
      help: 'opencode (défaut) ou claude : .claude/skills/ du projet (--global : ~/.claude/skills/). Codex et Gemini CLI lisent .agents/skills/ : npx skills add <dépôt> -a codex',
    },
    { name: 'uninstall', help: 'retire exactement ces quatre skills (projet ou --global)' },
  ],
  environment: [],
  meanings: {
    [Success]: 'installé (ou retiré)',
    [Refused]:
      'échec : node absent ou trop ancien, écriture impossible, opencode.json illisible ou opencode.jsonc à compléter à la main (le message dit quoi faire)',
  },
};
