#!/usr/bin/env bash
# Supply-chain checks of the Rust dependencies: licences, banned or wildcard versions, and sources
# (deny.toml). Installs the pinned cargo-deny from crates.io when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.18.3
if ! cargo deny --version 2>/dev/null | grep -q " $version"; then
  cargo install cargo-deny --version "$version" --locked
fi
cargo deny check licenses bans sources
