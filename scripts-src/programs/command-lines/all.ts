/** Every program's declared command line, for the README's tables and the tests that hold help, parser and README together. */
import { adminCommandLine } from './admin.js';
import { installerCommandLine } from './contexte-skills.js';
import { lireCommandLine } from './lire.js';
import { publierCommandLine } from './publier.js';
import { recupererCommandLine } from './recuperer.js';
import { verifierCommandLine } from './verifier.js';

export const COMMAND_LINES = [verifierCommandLine, publierCommandLine, recupererCommandLine, lireCommandLine, adminCommandLine, installerCommandLine];
