#!/usr/bin/env bash
# Installe les skills contexte-skills dans un projet (OpenCode par défaut), depuis un clone.
# Usage : ./install.sh [--global] [--agent opencode|claude] [--uninstall] [répertoire-du-projet]
# Le travail est fait par dist/contexte-skills.js, le même programme que `npx contexte-skills` ;
# ce script vérifie seulement que Node.js est là et assez récent.
set -euo pipefail

# Like every program of the pack: one line saying what is wrong, one line of advice.
fail() { printf 'install.sh : %s\n  → %s\n' "$1" "$2" >&2; exit 1; }

command -v node >/dev/null 2>&1 ||
  fail "node est introuvable dans le PATH" "Installez Node.js 18 ou plus récent (https://nodejs.org), puis relancez ./install.sh."
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 18 ] ||
  fail "Node.js $(node --version) est trop ancien : la version 18 ou plus récente est requise" "Mettez Node.js à jour (par exemple nvm install 20), puis relancez ./install.sh."
exec node "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/dist/contexte-skills.js" "$@"
