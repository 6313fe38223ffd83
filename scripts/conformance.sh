#!/usr/bin/env bash
# The official MCP conformance suite against the built server over HTTP, stateful and stateless.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for mode in "" "--stateless"; do
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  node dist/src/cli.js --sandbox --http --port "$port" $mode 2>/tmp/conformance-server.log &
  pid=$!
  node -e 'const u=process.argv[1];(async()=>{for(let i=0;i<100;i++){try{if((await fetch(u)).ok)return}catch{}await new Promise(r=>setTimeout(r,100))}process.exit(1)})()' "http://127.0.0.1:$port/healthz"
  echo "## conformance, ${mode:-stateful}"
  baseline=test/conformance-baseline.yml; [ -n "$mode" ] && baseline=test/conformance-baseline-stateless.yml
  npx conformance server --url "http://127.0.0.1:$port/mcp" --expected-failures "$baseline" 2>&1 | sed -n '/=== SUMMARY ===/,$p' || status=1
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
exit $status
