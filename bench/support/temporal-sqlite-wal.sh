#!/bin/sh
# The Temporal CLI with its dev server's SQLite file in WAL mode, synchronous=NORMAL: an experiment
# on what limits the fleet's bursts, not a setting of the service (bench/results/history.md, 2026-12-05).
#   TEMPORAL_CLI=bench/support/temporal-sqlite-wal.sh npm run bench -- --only fleet --fleet 10000 --burst 500
# Runs the CLI the project builds (src/temporal/cli.ts), or REAL_TEMPORAL_CLI.
cache=${STOCK_REPLENISHER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stock-replenisher}
cli=${REAL_TEMPORAL_CLI:-$cache/temporal-cli-v1.5.1/temporal}
if [ "$1 $2" = "server start-dev" ]; then
  exec "$cli" "$@" --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=normal
fi
exec "$cli" "$@"
