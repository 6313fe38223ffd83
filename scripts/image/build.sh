#!/usr/bin/env bash
# Builds the Dockerfile at the root as users build it, with the podman settings of env.sh: Docker's image
# format (the OCI format has no HEALTHCHECK), host networking for the build's npm ci, and the machine's CA
# bundle mounted for the step that reaches the npm registry when this machine has one (a build volume: in no layer).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$IMAGE_DIR/../.."

args=(--format docker --network host --build-arg "NODE_MAJOR=$NODE_MAJOR" --tag "$IMAGE")
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$ca" ] && args+=(--volume "$ca:/run/build-ca.crt:ro")
podman build --quiet "${args[@]}" . >/dev/null
podman image inspect --format '{{.Size}}' "$IMAGE" | awk -v n="$IMAGE" '{printf "%s: %.1f MB\n", n, $1/1e6}'
