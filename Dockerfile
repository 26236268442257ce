# One image per deployable, built from this file:
#   docker build --build-arg APP=trading-api -t foretell/trading-api .
# APP is one of: public-read, trading-api, chain-executor, webhook-dispatcher, admin-cli.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY apps ./apps
COPY shared ./shared
COPY migrations ./migrations
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/build ./build
USER node
EXPOSE 3000
CMD ["sh", "-c", "exec node build/apps/${APP}/src/main.js"]
