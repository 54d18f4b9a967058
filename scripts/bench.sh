#!/usr/bin/env bash
# Runs every benchmark in release mode and writes docs/benchmarks.md from their sections.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/bench
# `--assemble-only` rewrites docs/benchmarks.md from the sections already measured.
if [ "${1:-}" != "--assemble-only" ]; then
  cargo run --release --locked -p server --example http_bench -- docs/bench/http.md
  cargo run --release --locked -p server --example read_bench -- docs/bench/read.md
  cargo run --release --locked -p server --example pin_bench -- docs/bench/pin.md
  cargo run --release --locked -p engine --features bench --bin engine_bench -- docs/bench/engine.md
  cargo run --release --locked -p server --example markets_bench -- docs/bench/markets.md
  cargo run --release --locked -p server --example order_bench -- docs/bench/orders.md
  cargo run --release --locked -p server --example ledger_bench -- docs/bench/ledger.md
  cargo run --release --locked -p server --example us_bench -- docs/bench/us.md
  cargo run --release --locked -p server --example perps_bench -- docs/bench/perps.md
  if [ -f crates/market/src/bin/market_bench.rs ]; then
    cargo run --release --locked -p market --bin market_bench -- docs/bench/market.md
  fi
  # The web app in the lab: the release server serving the production build, Chromium throttled like a
  # phone on 3G (web/bench/lab.bench.ts) → docs/bench/web-lab.md.
  cargo build --release --locked -p server --bin brokerage
  scripts/web-deps.sh
  npm --prefix web run build
  npm --prefix web run bench:lab
fi
assemble() {
  echo "# Benchmarks"
  echo
  echo "Written by \`make bench\` (scripts/bench.sh); each section comes from one benchmark program. Speed and"
  echo "memory targets live here, never in timed unit tests. The machine is the project's standard one (2 cores)."
  echo
  for section in docs/bench/http.md docs/bench/read.md docs/bench/read-profile.md docs/bench/pin.md docs/bench/engine.md docs/bench/market.md docs/bench/markets.md docs/bench/orders.md docs/bench/order-path.md docs/bench/us.md docs/bench/perps.md docs/bench/ledger.md docs/bench/web-lab.md; do
    if [ -f "$section" ]; then cat "$section"; echo; fi
  done
}
assemble > docs/benchmarks.md
echo "wrote docs/benchmarks.md"
