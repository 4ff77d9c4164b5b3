// scripts-src/plugin/opencode-plugin.ts
import { fileURLToPath } from "node:url";
var SKILLS = fileURLToPath(new URL("../skills", import.meta.url));
var told = false;
function applyContexteSkills(config, warn) {
  const paths = config.skills?.paths ?? [];
  if (!paths.includes(SKILLS)) config.skills = { ...config.skills, paths: [...paths, SKILLS] };
  if (config.share !== void 0 && config.share !== "disabled" && !told) {
    told = true;
    warn(
      `contexte-skills : la configuration demande "share": "${String(config.share)}" ; le partage est d\xE9sactiv\xE9 pour cette session, les notes de passation passent par la bo\xEEte de l'\xE9quipe. Pour le dire aussi dans le projet : "share": "disabled" dans opencode.json.`
    );
  }
  config.share = "disabled";
}
var ContexteSkills = async () => ({
  config: async (config) => applyContexteSkills(config, (line) => process.stderr.write(`${line}
`))
});
export {
  ContexteSkills
};
