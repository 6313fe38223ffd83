#!/usr/bin/env bash
# The npm tarball works on its own. It is packed from a copy of the repository as a fresh clone has it
# (no dist/: packing must build first), then installed from the local npm cache that npm ci filled (so
# only what is missing is fetched) the two ways docs/clients/README.md gives: into a project and started with npx, and globally.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir "$work/clone"
git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work/clone"
ln -s "$repo/node_modules" "$work/clone/node_modules"
tgz=$(cd "$work/clone" && npm pack --silent 2>/dev/null | tail -1)
tgz="$work/clone/$tgz"
files=$(tar -tzf "$tgz")
echo "tarball $(basename "$tgz") from a fresh copy: $(wc -l <<<"$files") files, $(du -k "$tgz" | cut -f1) KB"
grep -qx 'package/dist/src/cli.js' <<<"$files" || { echo "the tarball has no dist/src/cli.js: npm pack did not build"; exit 1; }
grep -qE '^package/dist/src/chunks/view-html-[A-Z0-9]+\.js$' <<<"$files" || { echo "the tarball has no chunk with the views: npm pack did not build them"; exit 1; }
# The bundled build, as the .mcpb carries it: the entry and its chunks, nothing unbundled.
# code_run's worker and the QuickJS WebAssembly, and the sandbox's process, sit beside the entry.
unexpected=$(grep -vE '^package/(package\.json|README\.md|LICENSE|dist/src/(cli|code-worker|sandbox-process|chunks/[a-z0-9_-]+(-[A-Z0-9]+)+)\.js|dist/src/quickjs\.wasm)$' <<<"$files" || true)
[ -z "$unexpected" ] || { echo "unexpected files in the tarball:"; echo "$unexpected"; exit 1; }

call='{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analytics_hero","arguments":{}}}'
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"npx-check","version":"0"}}}'
# What a 2026-07-28 client sends: no initialize, the revision in the request's own _meta.
modern='{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"analytics_hero","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"npx-check","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}'
# A view, as a client that renders MCP Apps views reads it.
view='{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"ui://learning-workspace/overview.html","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"npx-check","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}'
# code_run, in the QuickJS sandbox the tarball ships (its worker and WebAssembly beside the entry).
code='{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"code_run","arguments":{"code":"return (await tools.analytics_hero()).totalStudents > 0 ? \"sandboxed\" : 0;"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"npx-check","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}'
check_call() { # $1: what was run, then the command
  local what=$1; shift
  local answer
  answer=$(printf '%s\n' "$init" '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$call" | "$@" --sandbox 2>/dev/null)
  echo "$answer" | grep -q '"totalStudents"' || { echo "no tool result from $what --sandbox"; echo "$answer"; exit 1; }
  answer=$(printf '%s\n' "$modern" | "$@" --sandbox 2>/dev/null)
  echo "$answer" | grep -q '"totalStudents"' || { echo "no 2026-07-28 tool result from $what --sandbox"; echo "$answer"; exit 1; }
  answer=$(printf '%s\n' "$view" | "$@" --sandbox 2>/dev/null)
  echo "$answer" | grep -q 'profile=mcp-app' && echo "$answer" | grep -q 'data-view=' || { echo "no view from $what --sandbox"; echo "${answer:0:400}"; exit 1; }
  answer=$(printf '%s\n' "$code" | "$@" --sandbox --toolsets code 2>/dev/null)
  echo "$answer" | grep -q '"result":"sandboxed"' || { echo "no code_run result from $what --sandbox"; echo "${answer:0:400}"; exit 1; }
  echo "$what --sandbox answered a tool call over stdio, in 2025-11-25 and in 2026-07-28, served a view and ran code"
}

mkdir "$work/project" && cd "$work/project"
npm init -y >/dev/null 2>&1
npm install --prefer-offline --no-audit --no-fund "$tgz" >/dev/null 2>&1
echo "npx learning-workspace-mcp --version: $(npx --no-install learning-workspace-mcp --version)"
check_call "npx learning-workspace-mcp" npx --no-install learning-workspace-mcp

npm install --global --prefix "$work/global" --prefer-offline --no-audit --no-fund "$tgz" >/dev/null 2>&1
echo "global install: $("$work/global/bin/learning-workspace-mcp" --version)"
check_call "learning-workspace-mcp (global install)" "$work/global/bin/learning-workspace-mcp"
