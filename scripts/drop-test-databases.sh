#!/usr/bin/env bash
# Drops the per-test databases (brk_test_*) and their migrated templates (brk_template_*) the Rust
# tests created on the PostgreSQL at $1.
url=${1:?postgres url}
psql "$url" -Atqc "select datname from pg_database where datname like 'brk\_test\_%' or datname like 'brk\_template\_%'" 2>/dev/null |
  while read -r name; do psql "$url" -qc "drop database if exists \"$name\" with (force)" >/dev/null 2>&1 || true; done
rm -rf "${TMPDIR:-/tmp}/brokerage-tests"
