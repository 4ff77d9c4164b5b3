#!/usr/bin/env bash
# Installe les skills contexte-skills dans un projet OpenCode (ou globalement).
# Usage : ./install.sh [--global] [--uninstall] [répertoire-du-projet]
set -euo pipefail

SKILLS=(partager-contexte reprendre-contexte publier-contexte recuperer-contexte)
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/skills"

usage() {
  cat <<'USAGE'
Usage : ./install.sh [options] [répertoire-du-projet]

Copie les quatre skills (partager-contexte, reprendre-contexte, publier-contexte,
recuperer-contexte) dans <projet>/.opencode/skills/ (défaut : le dossier courant).
Dans le projet, règle "share": "disabled" dans opencode.json et, si c'est un dépôt
git, ajoute CONTEXTE-*.md, partage/ et session-*.json à .git/info/exclude.
Relancer l'installation met les skills à jour ; rien d'autre n'est modifié.

Options :
  --global     installe dans ~/.config/opencode/skills/ (tous les projets)
  --uninstall  retire exactement ces quatre skills (projet ou --global)
  -h, --help   affiche cette aide

Codes de sortie : 0 succès, 1 échec (node absent ou trop ancien, écriture
impossible), 2 erreur d'utilisation.
USAGE
}

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh : %s\n' "$1" >&2; exit "${2:-1}"; }

global=0 uninstall=0 project=""
while [ $# -gt 0 ]; do
  case "$1" in
    --global) global=1 ;;
    --uninstall) uninstall=1 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; [ $# -gt 0 ] && { project="$1"; shift; }; break ;;
    -*) fail "option inconnue : $1 (voir --help)" 2 ;;
    *) [ -z "$project" ] || fail "un seul répertoire de projet est attendu (voir --help)" 2; project="$1" ;;
  esac
  shift
done
[ $# -eq 0 ] || fail "trop d'arguments (voir --help)" 2
if [ "$global" = 1 ] && [ -n "$project" ]; then fail "--global ne prend pas de répertoire de projet" 2; fi

if [ "$global" = 1 ]; then
  target="${XDG_CONFIG_HOME:-$HOME/.config}/opencode/skills"
else
  project="${project:-.}"
  [ -d "$project" ] || fail "répertoire de projet introuvable : $project" 2
  project="$(cd "$project" && pwd)"
  target="$project/.opencode/skills"
fi

if [ "$uninstall" = 1 ]; then
  removed=0
  for skill in "${SKILLS[@]}"; do
    if [ -e "$target/$skill" ] || [ -L "$target/$skill" ]; then
      rm -rf -- "${target:?}/$skill"; say "Retiré : $target/$skill"; removed=$((removed + 1))
    fi
  done
  [ "$removed" -gt 0 ] || say "Rien à retirer dans $target."
  say "opencode.json et .git/info/exclude sont laissés tels quels."
  exit 0
fi

# The bundles need Node 18 or later; check before copying anything.
command -v node >/dev/null 2>&1 || fail "node est introuvable dans le PATH : installez Node.js 18 ou plus récent"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 18 ] || fail "Node.js $(node --version) est trop ancien : la version 18 ou plus récente est requise"
for skill in "${SKILLS[@]}"; do
  [ -f "$SOURCE/$skill/SKILL.md" ] || fail "pack incomplet : $SOURCE/$skill/SKILL.md manque (lancez npm run build)"
done

mkdir -p "$target"
for skill in "${SKILLS[@]}"; do
  staging="$(mktemp -d "$target/.$skill.XXXXXX")"
  cp -R "$SOURCE/$skill/." "$staging/"
  chmod 755 "$staging"
  if [ -e "$target/$skill" ]; then verb="Mis à jour"; rm -rf -- "${target:?}/$skill"; else verb="Installé"; fi
  mv "$staging" "$target/$skill"
  say "$verb : $target/$skill"
done

[ "$global" = 1 ] && { say "Installation globale : pensez à régler \"share\": \"disabled\" dans la configuration de chaque projet."; exit 0; }

# "share": "disabled" keeps sessions from being published to the vendor's service.
if [ -f "$project/opencode.jsonc" ] && [ ! -f "$project/opencode.json" ]; then
  say "opencode.jsonc n'est pas réécrit : ajoutez-y \"share\": \"disabled\" à la main."
else
  node - "$project/opencode.json" <<'NODE'
const fs = require('node:fs');
const file = process.argv[2];
let config = { $schema: 'https://opencode.ai/config.json' };
let existed = false;
if (fs.existsSync(file)) {
  existed = true;
  try {
    config = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log('opencode.json n\'est pas du JSON valide : il n\'est pas modifié ; ajoutez-y "share": "disabled".');
    process.exit(0);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    console.log('opencode.json ne contient pas un objet : il n\'est pas modifié ; ajoutez-y "share": "disabled".');
    process.exit(0);
  }
}
if (config.share === 'disabled') {
  console.log('opencode.json : "share" est déjà "disabled".');
  process.exit(0);
}
config.share = 'disabled';
const temporary = `${file}.${process.pid}.tmp`;
fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
fs.renameSync(temporary, file);
console.log(`opencode.json : "share": "disabled" ${existed ? 'ajouté' : 'créé'}.`);
NODE
fi

# Handoff files stay out of commits unless someone decides otherwise.
if git -C "$project" rev-parse --git-dir >/dev/null 2>&1; then
  exclude="$(git -C "$project" rev-parse --path-format=absolute --git-path info/exclude)"
  mkdir -p "$(dirname "$exclude")"
  touch "$exclude"
  added=()
  for pattern in 'CONTEXTE-*.md' 'partage/' 'session-*.json'; do
    grep -qxF -- "$pattern" "$exclude" || { printf '%s\n' "$pattern" >>"$exclude"; added+=("$pattern"); }
  done
  if [ "${#added[@]}" -gt 0 ]; then say ".git/info/exclude : ajouté ${added[*]}"; else say ".git/info/exclude : déjà à jour."; fi
fi
say "Terminé : relancez OpenCode dans le projet pour qu'il voie les skills."
