#!/usr/bin/env bash
# Installs the web app's npm packages from the lock file when they are missing or stale.
set -euo pipefail
cd "$(dirname "$0")/../web"
stamp=node_modules/.lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
