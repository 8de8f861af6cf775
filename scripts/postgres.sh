#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 for the test suite (installing it from Debian's
# packages if it is missing) and prints its admin URL. `scripts/postgres.sh stop DIR` stops it.
set -euo pipefail
PORT="${OZER_PG_PORT:-55432}"

if [ "${1:-}" = "stop" ]; then
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$2" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$2"
  exit 0
fi

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  echo "installing postgresql..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDATA=$(mktemp -d /tmp/ozer-pg.XXXXXX)
chown postgres:postgres "$PGDATA"; chmod 700 "$PGDATA"
runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDATA -c fsync=off -c max_connections=300" start >/dev/null
echo "$PGDATA postgres://postgres@127.0.0.1:$PORT/postgres"
