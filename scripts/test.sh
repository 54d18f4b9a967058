#!/usr/bin/env bash
# Every test: Rust unit and integration tests on SQLite and PostgreSQL, Schemathesis against the real
# server, the API-types drift check,
# web unit tests, the web build's per-route JavaScript budgets and Playwright browser tests against the
# real server binary.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "PostgreSQL for the tests"
TEST_DATABASE_URL=$(scripts/ensure-postgres.sh)
export TEST_DATABASE_URL
echo "using $TEST_DATABASE_URL"
cleanup() {
  scripts/drop-test-databases.sh "$TEST_DATABASE_URL" || true
  scripts/stop-throwaway-postgres.sh || true
}
trap cleanup EXIT

step "Rust tests (SQLite and PostgreSQL)"
cargo build --workspace --all-targets --locked
cargo test --workspace --locked

step "Schemathesis against the served OpenAPI document (all phases, zero failures)"
scripts/schemathesis.sh

step "Web dependencies"
scripts/web-deps.sh

step "API types are generated from the server's OpenAPI document"
scripts/check-api-types.sh

step "Web unit tests"
npm --prefix web test

step "Web build (precompressed assets) and the initial JavaScript budget of every route"
npm --prefix web run build
npm --prefix web run budgets

step "Browser tests (Playwright, Debian's chromium)"
web/scripts/ensure-chromium.sh
npm --prefix web run e2e
