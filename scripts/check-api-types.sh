#!/usr/bin/env bash
# Fails when docs/openapi.json or web/src/api/schema.d.ts no longer match the server's code.
# `make api-types` regenerates both.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built as `make test` builds (see scripts/schemathesis.sh), then run as it is.
cargo build --quiet --locked --workspace --all-targets
target/debug/brokerage openapi > "$tmp/openapi.json"
if ! diff -u docs/openapi.json "$tmp/openapi.json"; then
  echo "docs/openapi.json is stale: run 'make api-types'" >&2
  exit 1
fi
(cd web && node scripts/gen-api.mjs "$tmp/openapi.json" "$tmp/schema.d.ts" >/dev/null)
if ! diff -u web/src/api/schema.d.ts "$tmp/schema.d.ts"; then
  echo "web/src/api/schema.d.ts is stale: run 'make api-types'" >&2
  exit 1
fi
echo "API types are up to date"
