#!/usr/bin/env bash
# Installs the web app's npm packages from the lock file when they are missing or stale.
# `npm install` rather than `npm ci`: the lock holds only the rollup binaries of the platforms the
# registry here serves, and `npm ci` refuses a lock without every platform's optional binary.
# With the lock in sync, `npm install` installs exactly the locked versions and leaves it unchanged.
set -euo pipefail
cd "$(dirname "$0")/../web"
stamp=node_modules/.lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm install --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
