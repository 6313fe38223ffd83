#!/usr/bin/env bash
# The official MCP conformance suite against the built server over HTTP, for each protocol revision it
# speaks: the scenarios revision 2025-11-25 requires (stateful, then --stateless) and those 2026-07-28
# requires (no sessions in that revision, so once). The suite (0.2, CONFORMANCE_VERSION) needs Node 22 or
# newer: it runs on the Node 24 scripts/fetch-node.sh unpacks for the Node-version test and is installed
# into a scratch folder, not the project's dependencies (npm ci stays on Node 20). Each run checks its
# failures against test/conformance-<revision>[-stateless].yml, which lists only scenarios that need the
# suite's own fixtures, each with its reason; any other failure, or a listed one that passes, fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fetch-node.sh
CONFORMANCE_VERSION="${CONFORMANCE_VERSION:-0.2.0-alpha.12}"
node24="$(fetch_node 24)/bin/node"
suite="$NODE_SCRATCH/conformance-$CONFORMANCE_VERSION"
if [ ! -x "$suite/node_modules/.bin/conformance" ]; then
  mkdir -p "$suite"
  npm install --silent --no-audit --no-fund --no-save --prefix "$suite" "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" >/dev/null
fi
conformance() { "$node24" "$suite/node_modules/@modelcontextprotocol/conformance/dist/index.js" "$@"; }
echo "conformance suite $CONFORMANCE_VERSION on Node $("$node24" --version)"

status=0
run() { # run MODE REVISION BASELINE
  local mode="$1" revision="$2" baseline="$3" port pid
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  node dist/src/cli.js --sandbox --http --port "$port" $mode 2>/tmp/conformance-server.log &
  pid=$!
  node -e 'const u=process.argv[1];(async()=>{for(let i=0;i<100;i++){try{if((await fetch(u)).ok)return}catch{}await new Promise(r=>setTimeout(r,100))}process.exit(1)})()' "http://127.0.0.1:$port/healthz"
  echo "## conformance $revision, ${mode:-stateful}"
  # The summary and the baseline's verdict; the exit status is the verdict's.
  conformance server --url "http://127.0.0.1:$port/mcp" --requirements "$revision" --expected-failures "$baseline" >/tmp/conformance-run.log 2>&1 || status=1
  sed -n '/=== SUMMARY ===/,$p' /tmp/conformance-run.log
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
run "" 2025-11-25 test/conformance-2025-11-25.yml
run --stateless 2025-11-25 test/conformance-2025-11-25-stateless.yml
run "" 2026-07-28 test/conformance-2026-07-28.yml
exit $status
