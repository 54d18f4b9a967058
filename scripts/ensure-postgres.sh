#!/usr/bin/env bash
# Prints the PostgreSQL URL the tests should use. The server at 127.0.0.1:5432 when one answers;
# otherwise a throwaway cluster from the machine's PostgreSQL binaries (installed from Debian when
# missing) on port 55432, removed by scripts/stop-throwaway-postgres.sh.
set -euo pipefail

if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "postgres://postgres@127.0.0.1:5432/postgres"
  exit 0
fi

bin_dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin_dir" ]; then
  echo "installing Debian's postgresql for the tests" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin_dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

dir=${THROWAWAY_PG_DIR:-/tmp/brokerage-throwaway-pg}
rm -rf "$dir" && mkdir -p "$dir"
run_as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir" 2>/dev/null || useradd -r postgres && chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi
"${run_as[@]}" "$bin_dir/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
"${run_as[@]}" "$bin_dir/pg_ctl" -D "$dir/data" -o "-p 55432 -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null
echo "postgres://postgres@127.0.0.1:55432/postgres"
