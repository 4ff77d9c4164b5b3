// Runs before the test suite: names a missing system tool in one line, with the
// command that installs it, instead of letting tests fail obscurely.
import { execFileSync } from 'node:child_process';

const tools = [
  { command: 'redis-server', package: 'redis-server', why: 'les tests parlent à un vrai Redis' },
  { command: 'rg', package: 'ripgrep', why: 'l’outil skill d’OpenCode en a besoin' },
];
const missing = tools.filter(({ command }) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
for (const tool of missing) {
  console.error(`${tool.command} est introuvable (${tool.why}) : installez-le avec « sudo apt-get install -y ${tool.package} ».`);
}
if (missing.length > 0) process.exit(1);
