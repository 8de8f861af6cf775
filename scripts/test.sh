#!/usr/bin/env bash
# The test command: starts a throwaway PostgreSQL (so the PostgreSQL tests run too), makes the
# headless browser ready (Debian chromium + playwright-core), then runs
# `cargo test`. Plain `cargo test` also works; it skips the PostgreSQL tests with a note.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${OZER_TEST_POSTGRES_URL:-}" ]; then
  if out=$(scripts/postgres.sh 2>/tmp/ozer-pg-start.log); then
    PGDATA_DIR=${out%% *}
    export OZER_TEST_POSTGRES_URL=${out#* }
    trap 'scripts/postgres.sh stop "$PGDATA_DIR"' EXIT
    echo "PostgreSQL for tests: $OZER_TEST_POSTGRES_URL"
  else
    echo "warning: could not start PostgreSQL (see /tmp/ozer-pg-start.log); PostgreSQL tests will be skipped" >&2
    if [ "${CI:-}" = "true" ]; then exit 1; fi
  fi
fi

# The web page tests drive Debian's chromium (headless) through playwright-core: install both if
# missing (tests/common/browser.rs would also do it, once per test binary).
if ! scripts/browser.sh >/dev/null 2>/tmp/ozer-browser.log; then
  echo "warning: no headless browser (see /tmp/ozer-browser.log); the browser tests will be skipped" >&2
  if [ "${CI:-}" = "true" ]; then cat /tmp/ozer-browser.log >&2; exit 1; fi
fi

cargo test --all-targets "$@"
