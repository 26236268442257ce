# One image for every deployable; its first argument picks which one runs (docker-entrypoint.sh):
#   docker build -t foretell .
#   docker run foretell trading-api          # or public-read, chain-executor, webhook-dispatcher, admin-cli
#   docker build --target setup -t foretell-setup .   # docker-compose's one-shot demo setup (dev tooling, not the image)
# Kubernetes runs `node build/apps/<name>/src/main.js` directly (cdk8s/lib/workload.ts), as uid/gid 10001 (numeric,
# so `runAsNonRoot` can verify it; above the low ids best-practice checks refuse) on a read-only root filesystem with
# a writable /tmp. The files stay owned by root: the process can read them, never change them.
# Both stages run Node 24, the active LTS; CI also tests the code on Node 20 (package.json "engines"), and
# tooling/build/supply-chain.spec.ts fails when a stage leaves an LTS major of 22 or later.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY apps ./apps
COPY shared ./shared
COPY migrations ./migrations
# The build script is dev tooling: it runs here and stays here (tsconfig.build.json compiles no tooling/ file, and
# tooling/build/build-deployables.test.ts checks the output holds none).
COPY tooling/build ./tooling/build
COPY tooling/repository-root.ts ./tooling/
RUN npm run build

# docker-compose's `setup` service (migrations, demo data, demo chain and key, like `npm start`): the dev tooling run
# by tsx from the sources, so none of it ships in the image below.
FROM build AS setup
COPY tooling ./tooling
ENTRYPOINT ["npx", "--no-install", "tsx", "tooling/local-stack/compose-setup.ts"]

FROM build AS production-dependencies
# Plain node at run time: compiled JavaScript, production dependencies only (no anvil, no tsx native binaries).
RUN npm prune --omit=dev --omit=optional --no-audit --no-fund

FROM node:24-bookworm-slim
# IMAGE_ENV in tooling/build/build-deployables.ts: the benches run the compiled deployables with the same.
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=root:root /src/package.json ./package.json
COPY --from=production-dependencies --chown=root:root /src/node_modules ./node_modules
COPY --from=build --chown=root:root /src/build ./build
COPY --chown=root:root --chmod=0755 docker-entrypoint.sh /usr/local/bin/foretell
USER 10001:10001
EXPOSE 3000 3001 3002 3003
ENTRYPOINT ["/usr/local/bin/foretell"]
CMD ["trading-api"]
