#!/usr/bin/env bash
# The Helm chart's sandbox values (deploy/helm/learning-workspace-mcp/ci/sandbox-values.yaml) rendered by helm and
# their Deployment run under `podman kube play` with the image build.sh built, then test/kube/play.test.ts: /readyz
# and a tools/call answered. helm and the Kubernetes schemas come from scripts/fetch-helm.sh (the npm registry).
# Debian's podman 4.3 makes a pod's infra ("pause") container from catatonit, which podman does not install: the
# infra image here is the (stand-in) node base image sleeping, named in a containers.conf of the test's own.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$IMAGE_DIR/../.."

eval "$(bash scripts/fetch-helm.sh)"
PAUSE_IMAGE="localhost/lw-pause:ci"
context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
printf 'FROM %s\nUSER 65534\nENTRYPOINT ["sleep", "infinity"]\n' "$BASE_IMAGE" >"$context/Containerfile"
podman build --quiet --format docker --tag "$PAUSE_IMAGE" "$context" >/dev/null
sed "s|^\[engine\]|[engine]\ninfra_image = \"$PAUSE_IMAGE\"|" "$IMAGE_DIR/containers.conf" >"$STATE_DIR/containers-kube.conf"
export CONTAINERS_CONF="$STATE_DIR/containers-kube.conf"
export HELM KUBERNETES_MODELS IMAGE BASE_IMAGE
npx vitest run --config test/kube/vitest.config.ts "$@"
