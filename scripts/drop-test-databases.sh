#!/usr/bin/env bash
# Drops the per-test databases (brk_test_*) and their migrated templates (brk_template_*) the Rust
# tests created on the PostgreSQL at $1, in one session (a client per database took minutes).
url=${1:?postgres url}
psql "$url" -Atqc "select format('drop database if exists %I with (force);', datname) from pg_database \
  where datname like 'brk\_test\_%' or datname like 'brk\_template\_%'" 2>/dev/null |
  psql "$url" -q >/dev/null 2>&1 || true
rm -rf "${TMPDIR:-/tmp}/brokerage-tests"
