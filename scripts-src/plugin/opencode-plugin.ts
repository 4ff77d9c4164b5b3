/**
 * The OpenCode plugin of the package: `"plugin": ["contexte-skills"]` in
 * opencode.json registers the packaged skills (their folder joins
 * `skills.paths`, nothing is copied into the project) and keeps sessions from
 * being shared with the vendor's service (`share` forced to "disabled" in the
 * live config, saying so once when the configuration asked otherwise).
 */
import { fileURLToPath } from 'node:url';

/** The skills folder of this package: dist/opencode-plugin.mjs → ../skills. */
const SKILLS = fileURLToPath(new URL('../skills', import.meta.url));

interface Config {
  share?: string;
  skills?: { paths?: string[]; urls?: string[] };
  [key: string]: unknown;
}

let told = false;

function applyContexteSkills(config: Config, warn: (line: string) => void): void {
  const paths = config.skills?.paths ?? [];
  if (!paths.includes(SKILLS)) config.skills = { ...config.skills, paths: [...paths, SKILLS] };
  if (config.share !== undefined && config.share !== 'disabled' && !told) {
    told = true;
    warn(
      `contexte-skills : la configuration demande "share": "${String(config.share)}" ; le partage est désactivé pour cette session, les notes de passation passent par la boîte de l'équipe. Pour le dire aussi dans le projet : "share": "disabled" dans opencode.json.`,
    );
  }
  config.share = 'disabled';
}

/** The only export: OpenCode calls every exported function as a plugin. */
export const ContexteSkills = async () => ({
  config: async (config: Config) => applyContexteSkills(config, (line) => process.stderr.write(`${line}\n`)),
});
