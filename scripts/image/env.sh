# Sourced by the image scripts: the podman settings CI uses, and the names of the images.
# CONTAINERS_CONF selects runc and the limits above; CONTAINERS_STORAGE_CONF selects a storage driver that
# works here: overlay when the kernel lets us mount it, otherwise vfs (slower, copies every layer), each in
# a graph root of its own so the two never share one.

IMAGE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="$IMAGE_DIR/containers.conf"

# The Node major of the official base image the Dockerfile names (its default ARG), and the names CI uses.
NODE_MAJOR="${NODE_MAJOR:-24}"
BASE_IMAGE="docker.io/library/node:${NODE_MAJOR}-bookworm-slim"
IMAGE="${IMAGE:-localhost/learning-workspace-mcp:ci}"
IMAGE_TELEMETRY="${IMAGE_TELEMETRY:-localhost/learning-workspace-mcp:ci-telemetry}"

STATE_DIR="${LW_IMAGE_STATE:-${TMPDIR:-/tmp}/lw-image-$(id -u)}"
mkdir -p "$STATE_DIR"

storage_driver() {
  if [ -n "${LW_STORAGE_DRIVER:-}" ]; then echo "$LW_STORAGE_DRIVER"; return; fi
  local d; d="$(mktemp -d)"
  mkdir -p "$d/l" "$d/u" "$d/w" "$d/m"
  local mount=(mount -t overlay overlay -o "lowerdir=$d/l,upperdir=$d/u,workdir=$d/w" "$d/m")
  local ok=1
  if [ "$(id -u)" -eq 0 ]; then
    "${mount[@]}" 2>/dev/null && umount "$d/m" && ok=0
  else
    unshare -rm "${mount[@]}" 2>/dev/null && ok=0
  fi
  rm -rf "$d"
  if [ $ok -eq 0 ]; then echo overlay; else echo vfs; fi
}

STORAGE_DRIVER="$(storage_driver)"
if [ "$(id -u)" -eq 0 ]; then
  GRAPH_ROOT="/var/lib/containers/storage"; RUN_ROOT="/run/containers/storage"
else
  GRAPH_ROOT="$HOME/.local/share/containers/storage"; RUN_ROOT="${XDG_RUNTIME_DIR:-/tmp/podman-run-$(id -u)}/containers"
fi
[ "$STORAGE_DRIVER" = overlay ] || { GRAPH_ROOT="$GRAPH_ROOT-$STORAGE_DRIVER"; RUN_ROOT="$RUN_ROOT-$STORAGE_DRIVER"; }
cat >"$STATE_DIR/storage.conf" <<CONF
[storage]
driver = "$STORAGE_DRIVER"
graphroot = "$GRAPH_ROOT"
runroot = "$RUN_ROOT"
CONF
export CONTAINERS_STORAGE_CONF="$STATE_DIR/storage.conf"

# Node binaries from the npm registry (fetch_node), unpacked in the scratch folder.
NODE_SCRATCH="${NODE_SCRATCH:-$STATE_DIR/node}"
source "$IMAGE_DIR/../fetch-node.sh"

# Debian bookworm as a root file system in a tar, as the slim official images are made: mmdebstrap minbase,
# merged /usr, no documentation but the copyright files; the options given (packages, hooks) go before it.
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
bookworm_rootfs() {
  local out="$1"; shift
  mmdebstrap --variant=minbase --format=tar --quiet \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    "$@" bookworm "$out" \
    "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" "deb $SECURITY_MIRROR bookworm-security main"
}

# What a stand-in image was made by: its script and this file, so a change to either makes it again.
scripts_stamp() { cat "$1" "$IMAGE_DIR/env.sh" | sha256sum | cut -c1-12; }
