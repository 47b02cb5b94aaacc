# syntax=docker/dockerfile:1
# TGM News: build stage with every dependency, then a slim runtime with production ones only.
# The Node version follows .nvmrc and package.json's engines.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app into dist/, the server compiled to JavaScript into build/server/; then the
# devDependencies (webpack, TypeScript, test tools) leave node_modules.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
# The embedded database, the generated JWT secret and .eml files live in DATA_DIR: a volume,
# owned by the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's command: SIGTERM from `docker stop` reaches the server, which stops
# cleanly within 5 s (docker's default grace is 10 s).
CMD ["node", "build/server/main.js"]
