# One image for every Trawl service: the API (which serves the console) and, with another command, the
# crawl workers. Chromium comes from Debian for the Playwright engine.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY fixtures/package.json fixtures/
COPY workflows/package.json workflows/
COPY api/package.json api/
COPY sdk/package.json sdk/
COPY cli/package.json cli/
# The committed `trawl` bin, so npm ci links it (npm links a bin only if its file exists).
COPY cli/bin cli/bin/
COPY console/package.json console/
RUN npm ci --no-audit --no-fund
COPY . .
# The crawl workflow is bundled here once, so workers start without running webpack.
RUN npm run build && npm run bundle:workflows --workspace workflows && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    TRAWL_DATA_DIR=/data \
    TRAWL_CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app /app
RUN useradd --system --create-home trawl && mkdir -p /data && chown trawl /data
USER trawl
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
# A bounded V8 heap keeps the footprint predictable (see docs/benchmarks.md); raise TRAWL_HEAP_MB for big deployments.
ENV TRAWL_HEAP_MB=256
CMD ["sh", "-c", "exec node --max-old-space-size=$TRAWL_HEAP_MB api/dist/bin/server.js"]
