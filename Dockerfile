# syntax=docker/dockerfile:1
#
# One image, every role, chosen by the command (see docker-compose.yml and docs/production.md):
#   worker and REST API  node bin/service.js           (the default; what `npm start` runs)
#   worker only          node bin/service.js worker    (`npm run worker`)
#   REST API only        node bin/service.js api       (`npm run api`)
#   sandbox world        node --import tsx src/sandbox/server.ts
# With TEMPORAL_ADDRESS and WORLD_URL set, src/main.ts starts no Temporal dev server and no
# in-process sandbox: it only connects to them.
#
# The service runs TypeScript through tsx, a runtime dependency, so there is no compile step:
# production dependencies are enough.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- deps: production node_modules; better-sqlite3 may need to compile its native addon ----
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime: no compilers, non-root ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    SANDBOX_DB=/app/data/sandbox.sqlite \
    API_HOST=0.0.0.0 \
    API_PORT=3000 \
    SANDBOX_HOST=0.0.0.0 \
    SANDBOX_PORT=4100
WORKDIR /app
# Code and dependencies stay owned by root (read-only to the service); only DATA_DIR is writable.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
RUN mkdir -p /app/data && chown node:node /app/data
USER node

EXPOSE 3000 4100

# Probes /health on API_PORT (every part of the role: Temporal, worker, world); a worker answers it too.
# The sandbox role answers /health on SANDBOX_PORT instead; docker-compose.yml overrides the probe there.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.API_PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# What `npm start` runs, without npm or a shell in between: bin/service.js starts src/main.ts
# with the service's default V8 heap limit (NODE_OPTIONS set at run time wins) and hands it
# SIGTERM from `docker stop` (worker drains, API closes); its exit code is the container's.
CMD ["node", "bin/service.js"]
