#!/usr/bin/env bash
# Makes the headless browser for the web page tests ready: Debian's chromium (installed with
# apt-get when missing and running as root) and playwright-core (pinned in
# tests/browser/package-lock.json, installed with `npm ci`). Idempotent and quiet when all is there;
# prints the chromium path. Used by scripts/test.sh; tests/common/browser.rs calls it too.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=${OZER_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Debian chromium (headless browser for the web page tests)..." >&2
    exec 9>/tmp/ozer-apt.lock
    flock 9
    if [ ! -x "$chromium" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
    fi
    flock -u 9
  else
    echo "chromium not found at $chromium: install Debian's chromium package (or set OZER_CHROMIUM)" >&2
    exit 1
  fi
fi

if ! command -v node >/dev/null; then
  echo "node not found: install Node.js (20 or later) for the web page tests" >&2
  exit 1
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
  exec 8>/tmp/ozer-npm.lock
  flock 8
  if [ ! -d tests/browser/node_modules/playwright-core ]; then
    (cd tests/browser && npm ci --no-audit --no-fund --silent) >&2
  fi
  flock -u 8
fi
echo "$chromium"
