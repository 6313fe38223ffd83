# The server as a container: Streamable HTTP on 0.0.0.0:8787, settings from the environment (docs/container.md).
#   docker build -t learning-workspace-mcp .
#   docker run -e WORKSPACE_MCP_AUTH_TOKEN=… -e WORKSPACE_BASE_URL=… -e WORKSPACE_CONNECTOR_TOKEN=… -p 8787:8787 learning-workspace-mcp
# Plain Dockerfile syntax (no BuildKit-only features), so docker, podman and buildah build it alike.

# Node 24: LTS with security fixes until April 2028, a year of LTS fixes behind it. Another supported major
# (22, 26) builds with --build-arg NODE_MAJOR=… where the official image has a bookworm-slim tag for it.
ARG NODE_MAJOR=24

FROM docker.io/library/node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# A build that reaches the npm registry through a TLS-inspecting proxy mounts the machine's CA bundle here
# (podman build -v /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro); it is never part of a layer.
RUN if [ -s /run/build-ca.crt ]; then export NODE_EXTRA_CA_CERTS=/run/build-ca.crt; fi \
 && npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY tools ./tools
COPY views ./views
# The bundle: dist/src/cli.js and the chunks it reads on use, the views' HTML inside. Source maps stay here.
RUN npm run build --silent && find dist/src -name '*.map' -delete
# OpenTelemetry, which the bundle leaves to the npm package's dependencies, only with --build-arg TELEMETRY=1
# (about 40 MB): the @opentelemetry packages at the versions the lock file pins, and what they need.
ARG TELEMETRY=0
RUN mkdir /runtime && if [ "$TELEMETRY" = 1 ]; then \
      if [ -s /run/build-ca.crt ]; then export NODE_EXTRA_CA_CERTS=/run/build-ca.crt; fi \
      && node -e "const l=require('./package-lock.json').packages,d={};for(const n of Object.keys(require('./package.json').dependencies))if(n.startsWith('@opentelemetry/'))d[n]=l['node_modules/'+n].version;require('fs').writeFileSync('/runtime/package.json',JSON.stringify({private:true,dependencies:d}))" \
      && cd /runtime && npm install --omit=dev --no-audit --no-fund --ignore-scripts --no-package-lock && rm -rf package.json /root/.npm; \
    fi

FROM docker.io/library/node:${NODE_MAJOR}-bookworm-slim
ENV NODE_ENV=production \
    WORKSPACE_MCP_HTTP=1 \
    WORKSPACE_MCP_HOST=0.0.0.0 \
    WORKSPACE_MCP_PORT=8787
WORKDIR /app
# Only what runs, owned by root and read-only to the server's user; node_modules only with TELEMETRY=1.
COPY --from=build /src/package.json ./
COPY --from=build /src/dist/src ./dist/src
COPY --from=build /runtime/ ./
USER node
EXPOSE 8787
# The slim image has no curl: node's fetch asks the server's liveness endpoint on its own port.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.WORKSPACE_MCP_PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: it drains calls in flight (WORKSPACE_MCP_DRAIN_MS), then exits 0.
ENTRYPOINT ["node", "/app/dist/src/cli.js"]
CMD []
