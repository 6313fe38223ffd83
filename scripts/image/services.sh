#!/usr/bin/env bash
# Stand-ins for the two official images deploy/compose.yaml runs beside the server, for a machine that
# reaches no container registry: Debian bookworm's redis-server and nginx (one minbase root file system
# from Debian's mirror), imported under the official names with what the compose recipe relies on of each:
#   docker.io/library/redis:7-bookworm      redis-server on 6379, protected mode off as in the official image
#   docker.io/library/nginx:stable-bookworm nginx in the foreground, /etc/nginx/templates/*.template filled
#                                           from the environment into conf.d/ (the official entrypoint's envsubst)
# Rebuilt when this script changes; CI starts from none.
set -euo pipefail
source "$(dirname "$0")/env.sh"

REDIS_IMAGE="docker.io/library/redis:7-bookworm"
NGINX_IMAGE="docker.io/library/nginx:stable-bookworm"
stamp="script $(scripts_stamp "$0")"

up_to_date() { [ "$(podman image inspect --format '{{ index .Labels "lw.stand-in" }}' "$1" 2>/dev/null)" = "$stamp" ]; }
if up_to_date "$REDIS_IMAGE" && up_to_date "$NGINX_IMAGE"; then
  echo "$REDIS_IMAGE, $NGINX_IMAGE: stand-ins up to date"; exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The official nginx image's template step: only variables that are set are replaced, so nginx's own
# $variables stay as they are.
cat >"$work/nginx-entrypoint.sh" <<'SH'
#!/bin/sh
set -e
if [ -d /etc/nginx/templates ]; then
  defined="$(env | cut -d= -f1 | sed 's/^/$/' | tr '\n' ' ')"
  for t in /etc/nginx/templates/*.template; do
    [ -f "$t" ] || continue
    envsubst "$defined" <"$t" >"/etc/nginx/conf.d/$(basename "$t" .template)"
  done
fi
exec "$@"
SH

bookworm_rootfs "$work/rootfs.tar" --include=redis-server,nginx-light,gettext-base \
  --customize-hook="install -m 755 '$work/nginx-entrypoint.sh' \"\$1/usr/local/bin/nginx-entrypoint.sh\"" \
  --customize-hook='rm -f "$1"/etc/nginx/sites-enabled/* && mkdir -p "$1"/etc/nginx/templates' \
  --customize-hook='ln -sf /dev/stdout "$1"/var/log/nginx/access.log && ln -sf /dev/stderr "$1"/var/log/nginx/error.log' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin'

podman import --quiet --change "LABEL lw.stand-in=\"$stamp\"" \
  --change 'USER redis' --change 'EXPOSE 6379' \
  --change 'CMD ["redis-server", "--protected-mode", "no", "--save", "", "--appendonly", "no"]' \
  "$work/rootfs.tar" "$REDIS_IMAGE" >/dev/null
podman import --quiet --change "LABEL lw.stand-in=\"$stamp\"" \
  --change 'EXPOSE 80' --change 'STOPSIGNAL SIGQUIT' \
  --change 'ENTRYPOINT ["/usr/local/bin/nginx-entrypoint.sh"]' \
  --change 'CMD ["nginx", "-g", "daemon off;"]' \
  "$work/rootfs.tar" "$NGINX_IMAGE" >/dev/null
echo "$REDIS_IMAGE, $NGINX_IMAGE: stand-ins built (storage $STORAGE_DRIVER)"
