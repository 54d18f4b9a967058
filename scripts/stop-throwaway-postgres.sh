#!/usr/bin/env bash
# Stops and removes the cluster scripts/ensure-postgres.sh may have started.
dir=${THROWAWAY_PG_DIR:-/tmp/brokerage-throwaway-pg}
[ -d "$dir/data" ] || exit 0
bin_dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin_dir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1
else "$bin_dir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1; fi
rm -rf "$dir"
