#!/usr/bin/env bash
# Every test: Rust unit and integration tests on SQLite and PostgreSQL, Schemathesis against the real
# server, the API-types drift check,
# web unit tests, the web build's per-route JavaScript budgets and Playwright browser tests against the
# real server binary.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints the minutes and seconds since the start, so a slow step shows in CI's log.
START=$SECONDS
step() { printf '\n==> [%dm%02ds] %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$*"; }

step "PostgreSQL for the tests"
TEST_DATABASE_URL=$(scripts/ensure-postgres.sh)
export TEST_DATABASE_URL
echo "using $TEST_DATABASE_URL"
cleanup() {
  scripts/drop-test-databases.sh "$TEST_DATABASE_URL" || true
  scripts/stop-throwaway-postgres.sh || true
}
trap cleanup EXIT

step "Tools the later steps need, installed in the background while Rust builds"
# Downloads, mostly waiting on the network: Schemathesis, the web app's packages, Debian's chromium.
INSTALL_LOGS=$(mktemp -d "${TMPDIR:-/tmp}/brokerage-installs-XXXXXX")
scripts/schemathesis.sh --install-only >"$INSTALL_LOGS/schemathesis.log" 2>&1 &
SCHEMATHESIS_INSTALL=$!
{ scripts/web-deps.sh && web/scripts/ensure-chromium.sh; } >"$INSTALL_LOGS/web.log" 2>&1 &
WEB_INSTALL=$!
# Waits for a background install; on failure prints its log and fails.
installed() {
  local pid=$1 log=$2
  if ! wait "$pid"; then
    cat "$log"
    echo "installing failed (log above)" >&2
    exit 1
  fi
  cat "$log"
}

step "Rust tests (SQLite and PostgreSQL)"
cargo build --workspace --all-targets --locked
cargo test --workspace --locked

step "Web dependencies"
installed "$WEB_INSTALL" "$INSTALL_LOGS/web.log"

step "API types are generated from the server's OpenAPI document"
scripts/check-api-types.sh

step "Web unit tests"
npm --prefix web test

step "Web build (precompressed assets) and the initial JavaScript budget of every route"
npm --prefix web run build
npm --prefix web run budgets

step "Schemathesis against the served OpenAPI document (all phases, zero failures), beside the browser tests"
# The browser tests mostly wait on the pages' timers (a third of the two cores busy), so Schemathesis,
# which runs for a fixed time against a server of its own, takes the idle core instead of adding its
# minutes to the run. Its output follows the browser tests'.
installed "$SCHEMATHESIS_INSTALL" "$INSTALL_LOGS/schemathesis.log"
scripts/schemathesis.sh >"$INSTALL_LOGS/schemathesis-run.log" 2>&1 &
SCHEMATHESIS_RUN=$!

step "Browser tests (Playwright, Debian's chromium)"
e2e_status=0
npm --prefix web run e2e || e2e_status=$?

step "Schemathesis's result"
schemathesis_status=0
wait "$SCHEMATHESIS_RUN" || schemathesis_status=$?
cat "$INSTALL_LOGS/schemathesis-run.log"
if [[ $e2e_status -ne 0 || $schemathesis_status -ne 0 ]]; then
  echo "failed: browser tests exit $e2e_status, Schemathesis exit $schemathesis_status" >&2
  exit 1
fi

step "All tests passed"
