#!/usr/bin/env bash
# Runs the image and compose tests (test/image/) with the podman settings of env.sh, after base.sh,
# services.sh and build.sh have made the images.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$IMAGE_DIR/../.."
export IMAGE IMAGE_TELEMETRY BASE_IMAGE
exec npx vitest run --config test/image/vitest.config.ts "$@"
