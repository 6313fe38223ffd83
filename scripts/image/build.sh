#!/usr/bin/env bash
# Builds the Dockerfile at the root as users build it, with the podman settings of env.sh: Docker's image
# format (the OCI format has no HEALTHCHECK), host networking for the build's npm ci, and the machine's CA
# bundle mounted for the step that reaches the npm registry when this machine has one (a build volume: in no layer).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$IMAGE_DIR/../.."

args=(--format docker --network host --build-arg "NODE_MAJOR=$NODE_MAJOR")
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
[ -s "$ca" ] && args+=(--volume "$ca:/run/build-ca.crt:ro")
podman build --quiet "${args[@]}" --tag "$IMAGE" . >/dev/null
# The variant with OpenTelemetry: the same layers up to its one step of its own.
podman build --quiet "${args[@]}" --build-arg TELEMETRY=1 --tag "$IMAGE_TELEMETRY" . >/dev/null
for image in "$IMAGE" "$IMAGE_TELEMETRY"; do
  podman image inspect --format '{{.Size}}' "$image" | awk -v n="$image" '{printf "%s: %.1f MB\n", n, $1/1e6}'
done
