import type express from 'express';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ChainSource } from '#shared/chain/lazy-chain-reader.js';
import type { PublicReadConfig } from '#shared/config/app-configs.js';
import { createHttpApp } from '#shared/http/http-app.js';
import { onAppShuttingDown } from '#shared/http/lifecycle.js';
import { routeDisabledOf } from '#shared/http/route-registrar.js';
import { type HttpMetrics } from '#shared/http/http-metrics.js';
import { type ReadinessCheck } from '#shared/http/readiness.js';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import type { SocialPostSettings } from './domain/social-post.js';
import { ANONYMOUS, optionalApiKeyMiddleware, type ApiKeyVerifier } from './http/api-key.js';
import { corsMiddleware } from './http/cors.middleware.js';
import { mountEmbedRoutes } from './embed/embed.routes.js';
import { createRateLimiter, type RateLimitSettings } from './http/rate-limit.middleware.js';
import { createResponseCache } from './http/response-cache.js';
import { createQuoteMemory } from './use-cases/get-market-quote.use-case.js';
import { openApiSettingsFrom } from './openapi/document-settings.js';
import { publicReadContract } from './openapi/public-read-contract.js';
import { mountCatalogRoutes } from './routes/catalog.routes.js';
import { mountMarketStreamRoute } from './routes/market-stream.routes.js';
import { mountMarketRoutes } from './routes/markets.routes.js';
import { mountOpenApiRoute } from './routes/openapi.routes.js';
import type { RouteDeps } from './routes/route-deps.js';
import { mountSocialRoutes } from './routes/social.routes.js';
import { mountThreadRoutes } from './routes/threads.routes.js';
import { mountUnknownApiPath } from './routes/unknown-path.routes.js';
import {
  createMarketStreams,
  DEFAULT_MARKET_STREAM_SETTINGS,
  type MarketStreamSettings,
} from './streams/market-streams.js';

export interface PublicReadSettings {
  rateLimit: RateLimitSettings;
  quoteCacheSeconds: number;
  /** Per-replica micro-cache of read responses; 0 disables it. */
  readCacheMs: number;
  social: SocialPostSettings;
}

export interface PublicReadDeps {
  logger: Logger;
  version: string;
  routeSwitches: RouteSwitches;
  readinessChecks: ReadinessCheck[];
  metrics: HttpMetrics;
  trustProxy: string;
  /** GATEWAY_APPENDED_ADDRESSES: where the client sits in a trusted gateway's X-Forwarded-For; default 1. */
  gatewayAppendedAddresses?: number;
  db: Knex;
  /** Rate-limit windows and the quote cache live here (under the deployment's key prefix). */
  redis: Redis;
  /** The chain reader for quotes, connected on first use. */
  chainReader: ChainSource;
  settings: PublicReadSettings;
  /** Injected clock (requestedAt, trending windows). Default: the system clock. */
  now?: () => Date;
  /** Hook for X-API-Key verification (see http/api-key.ts); absent = every request is anonymous. */
  apiKeyVerifier?: ApiKeyVerifier;
  /** Market notices of this replica (fed by its AMQP subscription); default a hub nobody feeds (re-reads only). */
  marketNotices?: NoticeHub;
  /** Market stream limits and timings (MARKET_STREAM_*). */
  marketStreams?: Partial<MarketStreamSettings>;
}

export function publicReadSettingsFrom(config: PublicReadConfig): PublicReadSettings {
  // The limits the OpenAPI document states are the ones the app runs with: one mapping of those fields.
  const { rateLimit, quoteCacheSeconds } = openApiSettingsFrom(config);
  return {
    rateLimit,
    quoteCacheSeconds,
    readCacheMs: config.READ_CACHE_MS,
    social: {
      intentUrl: config.SOCIAL_INTENT_URL,
      botHandle: config.SOCIAL_BOT_HANDLE,
      marketPageUrl: config.MARKET_PAGE_URL,
    },
  };
}

/** The public read API (`/api/*`): no I/O at build time. */
export function createApp(deps: PublicReadDeps): express.Express {
  const context = { db: deps.db, now: deps.now ?? (() => new Date()) };
  const nowMs = (): number => context.now().getTime();
  const limiter = createRateLimiter({ redis: deps.redis, settings: deps.settings.rateLimit, logger: deps.logger });
  const apiKey = optionalApiKeyMiddleware(deps.apiKeyVerifier, deps.logger);
  // A disabled route is answered without touching MySQL: its caller is counted per IP, not looked up by key.
  const optionalKey: RequestHandler = (req, res, next) => {
    if (!routeDisabledOf(res)) return apiKey(req, res, next);
    res.locals.publicAuth = ANONYMOUS;
    next();
  };
  // The document states the limits this app runs with; requests are validated against it.
  const contract = publicReadContract({
    rateLimit: deps.settings.rateLimit,
    quoteCacheSeconds: deps.settings.quoteCacheSeconds,
    marketStreamMaxPerIp: deps.marketStreams?.maxStreamsPerIp ?? DEFAULT_MARKET_STREAM_SETTINGS.maxStreamsPerIp,
  });
  const routeDeps: RouteDeps = {
    context,
    input: contract.input,
    cache: createResponseCache({ ttlMs: deps.settings.readCacheMs, now: context.now }),
    social: deps.settings.social,
    quote: {
      db: deps.db,
      redis: deps.redis,
      chain: deps.chainReader,
      cacheSeconds: deps.settings.quoteCacheSeconds,
      logger: deps.logger,
      memory: createQuoteMemory({ nowMs, cacheSeconds: deps.settings.quoteCacheSeconds, logger: deps.logger }),
      nowMs,
    },
  };
  const marketStreams = createMarketStreams({
    db: deps.db,
    redis: deps.redis,
    routeSwitches: deps.routeSwitches,
    logger: deps.logger,
    hub: deps.marketNotices,
    settings: deps.marketStreams,
  });
  const app = createHttpApp(
    {
      serviceName: 'public-read',
      version: deps.version,
      logger: deps.logger,
      errorStyle: 'public',
      routeSwitches: deps.routeSwitches,
      readinessChecks: deps.readinessChecks,
      trustProxy: deps.trustProxy,
      gatewayAppendedAddresses: deps.gatewayAppendedAddresses,
      metrics: deps.metrics,
      // Before the kill switch, so every /api response (a disabled route's 503 included) carries X-RateLimit-*.
      edge: { key: { optional: [optionalKey] }, limiters: { public: limiter }, placement: 'before-kill-switch' },
      // Every /api route: the key when one is sent, the per-IP (or per-user) window.
      routeDefaults: { key: 'optional', limiter: 'public' },
    },
    (router) => {
      router.use('/api', corsMiddleware());
      mountThreadRoutes(router, routeDeps);
      mountMarketRoutes(router, routeDeps);
      mountMarketStreamRoute(router, marketStreams, contract.input);
      mountSocialRoutes(router, routeDeps);
      mountCatalogRoutes(router, routeDeps);
      mountOpenApiRoute(router, contract.document, contract.input);
      mountEmbedRoutes(router, { db: deps.db });
      mountUnknownApiPath(router);
    },
  );
  // SIGTERM: market streams end with a short `retry:` so embeds reconnect to another replica.
  onAppShuttingDown(app, marketStreams.shutdown);
  return app;
}
