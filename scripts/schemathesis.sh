#!/usr/bin/env bash
# Schemathesis against the real server (issue 14): the debug `brokerage` binary on a fresh SQLite
# database in sandbox mode, a sandbox user signed up through the API, then every phase (examples,
# coverage, fuzzing, stateful) with the checks not_a_server_error, status_code_conformance,
# response_schema_conformance, negative_data_rejection and positive_data_acceptance, a fixed seed and a
# time budget. Any failure fails the script.
#
# No example database: a run replays nothing from an earlier one, so the same seed gives the same cases.
# Two passes: the users' operations with a user's session, then the operator's with the operator token.
# Environment: SCHEMATHESIS_MAX_TIME (seconds, default 150), SCHEMATHESIS_ADMIN_MAX_TIME (the operator's
# pass, default 60), SCHEMATHESIS_MAX_EXAMPLES (per operation and phase, default 25), SCHEMATHESIS_SEED
# (default 14), SCHEMATHESIS_PORT (default: a free port).
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: a newer Schemathesis generates other cases, and the run must not change under us.
SCHEMATHESIS_VERSION=4.32.5
VENV=target/schemathesis-venv
MAX_TIME=${SCHEMATHESIS_MAX_TIME:-150}
ADMIN_MAX_TIME=${SCHEMATHESIS_ADMIN_MAX_TIME:-60}
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-25}
SEED=${SCHEMATHESIS_SEED:-14}
ADMIN_TOKEN=schemathesis-admin-token-0123456789

if [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != *" $SCHEMATHESIS_VERSION" ]]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
# `--install-only`: the tool alone (`make test` installs it while the Rust tests build).
[[ "${1:-}" == "--install-only" ]] && exit 0

# The same selection as `make test`'s build, so its binary is reused: building the package alone
# resolves other dependency features and compiles much of the tree again.
cargo build --quiet --locked --workspace --all-targets

WORK=$(mktemp -d "${TMPDIR:-/tmp}/brokerage-schemathesis-XXXXXX")
PORT=${SCHEMATHESIS_PORT:-$("$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
BASE="http://127.0.0.1:$PORT"
SERVER_PID=
stop_server() {
  if [[ -n "$SERVER_PID" ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap stop_server EXIT

# Sandbox mode (the default) with limits loose enough for a fuzzer: it sends thousands of requests
# from one address and asks for one-time codes again and again.
APP_HTTP__ADDR="127.0.0.1:$PORT" \
  DATABASE_URL="sqlite://$WORK/schemathesis.db" \
  APP_ADMIN__TOKEN="$ADMIN_TOKEN" \
  APP_RATE_LIMIT__PER_SECOND=100000 \
  APP_AUTH__OTP_RESEND_COOLDOWN_SECS=0 \
  APP_AUTH__OTP_SENDS_PER_IP_PER_HOUR=1000000 \
  APP_AUTH__OTP_SENDS_PER_PHONE_PER_HOUR=1000000 \
  APP_US_STOCKS__SANDBOX_REGULAR_SESSION=true \
  target/debug/brokerage serve >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

for _ in $(seq 1 120); do
  curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done

# A sandbox user: phone, the one-time code from the development inbox, a PIN (as the browser tests do).
TOKEN=$("$VENV/bin/python" scripts/schemathesis_sign_up.py "$BASE")

# Only what a generic fuzzer cannot exercise without ending the run itself.
EXCLUDED=(
  # Turning maintenance on answers 503 to every other operation for the rest of the run.
  --exclude-path /admin/maintenance
  # Logging out ends the session every other request is authenticated with.
  --exclude-path /v3/user/logout
  # The stateful phase passes it the session ids GET /v1/user/devices lists, this run's own included.
  --exclude-path /v1/user/devices/logout-device
)

# One pass: the document's operations that `$@` selects, with the given bearer token.
run_pass() {
  local token=$1 max_time=$2
  shift 2
  "$VENV/bin/schemathesis" --config-file scripts/schemathesis.toml run "$BASE/api/openapi.json" \
    --url "$BASE/api" \
    --phases examples,coverage,fuzzing,stateful \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance,negative_data_rejection,positive_data_acceptance \
    --header "Authorization: Bearer $token" \
    --header "x-device-id: schemathesis" \
    --header "x-platform: desktop-web" \
    --seed "$SEED" \
    --generation-database none \
    --max-examples "$MAX_EXAMPLES" \
    --max-time "$max_time" \
    --workers 1 \
    --no-color \
    "$@"
}

status=0
# The users' operations with the user's session: the operator's answer 401 to it.
echo "=== users' operations ==="
run_pass "$TOKEN" "$MAX_TIME" "${EXCLUDED[@]}" || status=$?
# Then the operator's, with the operator token, so their bodies and parameters are checked too. After
# the users' pass, not beside it: the operator's calls change what users meet (trading flags, prices).
echo "=== operator's operations ==="
run_pass "$ADMIN_TOKEN" "$ADMIN_MAX_TIME" --include-path-regex '^/admin/' --exclude-path /admin/maintenance || status=$?
if [[ $status -ne 0 ]]; then
  echo "--- server log (errors) ---"
  grep -E 'ERROR' "$WORK/server.log" | tail -n 40 || true
fi
exit "$status"
