#!/usr/bin/env bash
# The npm tarball works on its own: packed, installed into an empty directory (from the local npm cache
# that npm ci filled, so nothing is fetched), and started with npx, as a stdio client would.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tgz=$(npm pack --silent 2>/dev/null | tail -1)
trap 'rm -f "$repo/$tgz"' EXIT
echo "tarball $tgz: $(tar -tzf "$tgz" | wc -l) files, $(du -k "$tgz" | cut -f1) KB"
if tar -tzf "$tgz" | grep -qvE '^package/(package\.json|README\.md|LICENSE|dist/(package\.json|src/.*\.js|tools/.*\.js))$'; then
  echo "unexpected files in the tarball:"; tar -tzf "$tgz" | grep -vE '^package/(package\.json|README\.md|LICENSE|dist/(package\.json|src/.*\.js|tools/.*\.js))$'; exit 1
fi
dir=$(mktemp -d)
cd "$dir"
npm init -y >/dev/null 2>&1
npm install --offline --no-audit --no-fund "$repo/$tgz" >/dev/null 2>&1
echo "npx learning-workspace-mcp --version: $(npx --offline learning-workspace-mcp --version)"
answer=$(printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"npx-check","version":"0"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analytics_hero","arguments":{}}}' \
  | npx --offline learning-workspace-mcp --sandbox 2>/dev/null)
echo "$answer" | grep -q '"totalStudents"' || { echo "no tool result from npx learning-workspace-mcp --sandbox"; echo "$answer"; exit 1; }
echo "npx learning-workspace-mcp --sandbox answered a tool call over stdio"
rm -rf "$dir"
