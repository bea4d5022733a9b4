#!/usr/bin/env bash
# The README's CLI lines as a newcomer runs them on a fresh clone, after the build: `npx trawl` is the
# workspace's own bin (never a registry lookup), and `npx trawl list` works against a server started as
# `npm start` starts it, finding ./.trawl/credentials.json by itself. The server runs in a folder of its
# own inside the checkout (so npx still finds the checkout's node_modules/.bin) and is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

npx --no-install trawl --version

mkdir -p .ci-results
work=$(mktemp -d "$root/.ci-results/npx-trawl.XXXXXX")
port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
(cd "$work" && exec env PORT="$port" HOST=127.0.0.1 TRAWL_DATA_DIR=.trawl TRAWL_LOG_LEVEL=warn \
  node "$root/api/dist/bin/server.js" >server.log 2>&1) &
server=$!
stop() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT

healthy=false
for _ in $(seq 1 240); do
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
    "http://127.0.0.1:$port/is-healthy"; then
    healthy=true
    break
  fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.5
done
if [ "$healthy" != true ]; then
  echo "The server never became healthy:"
  cat "$work/server.log"
  exit 1
fi

# Run from the folder `npm start` ran in, as the README says; plain npx, as the README writes it.
(cd "$work" && npx trawl list)
