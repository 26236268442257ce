import type express from 'express';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ChainSource } from '#shared/chain/lazy-chain-reader.js';
import type { PublicReadConfig } from '#shared/config/app-configs.js';
import { createHttpApp } from '#shared/http/http-app.js';
import { onAppShuttingDown } from '#shared/http/lifecycle.js';
import { documentOperations } from '#shared/http/openapi-document.js';
import { mountOperations, routeDisabledOf, type EdgeStage } from '#shared/http/route-registrar.js';
import { serviceVersion } from '#shared/runtime/service-version.js';
import { type HttpMetrics } from '#shared/http/http-metrics.js';
import { type ReadinessCheck } from '#shared/http/readiness.js';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import type { SocialPostSettings } from './domain/social-post.js';
import { ANONYMOUS, optionalApiKeyMiddleware, type ApiKeyVerifier } from './http/api-key.js';
import { corsMiddleware } from './http/cors.middleware.js';
import { mountEmbedRoutes } from './embed/embed.routes.js';
import { createRateLimiter, THREADS_LIST_LIMIT, type RateLimitSettings } from './http/rate-limit.middleware.js';
import { createResponseCache } from './http/response-cache.js';
import { createQuoteMemory } from './use-cases/get-market-quote.use-case.js';
import { createFailureLog } from '#shared/logger/failure-log.js';
import { publicHandlers } from './handlers/index.js';
import { publicOperationRoute, type HandlerDeps } from './handlers/public-handler.js';
import { createPublicRequestInput } from './http/request-input.js';
import { openApiSettingsFrom, publicReadDocument } from './openapi/public-read-document.js';
import { mountUnknownApiPath } from './http/unknown-path.js';
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

/**
 * The admission order of /api, its one declaration: the optional key and the per-client limit come before the kill
 * switch, so every /api response (a disabled route's 503 included) carries X-RateLimit-*.
 */
export const PUBLIC_ORDER: readonly EdgeStage[] = ['key', 'limiter', 'before', 'killSwitch', 'body', 'handler'];

/** The public read API (`/api/*`): every operation of apps/public-read/openapi mounted from the document. */
export function createApp(deps: PublicReadDeps): express.Express {
  const context = { db: deps.db, now: deps.now ?? (() => new Date()) };
  const nowMs = (): number => context.now().getTime();
  const apiKey = optionalApiKeyMiddleware(deps.apiKeyVerifier, deps.logger);
  // A disabled route is answered without touching MySQL: its caller is counted per IP, not looked up by key.
  const optionalKey: RequestHandler = (req, res, next) => {
    if (!routeDisabledOf(res)) return apiKey(req, res, next);
    res.locals.publicAuth = ANONYMOUS;
    next();
  };
  // The document states the limits this app runs with; requests are validated against it.
  const document = publicReadDocument(serviceVersion, {
    rateLimit: deps.settings.rateLimit,
    quoteCacheSeconds: deps.settings.quoteCacheSeconds,
    marketStreamMaxPerIp: deps.marketStreams?.maxStreamsPerIp ?? DEFAULT_MARKET_STREAM_SETTINGS.maxStreamsPerIp,
  });
  const operations = documentOperations(document);
  const limiter = createRateLimiter({
    redis: deps.redis,
    settings: deps.settings.rateLimit,
    threadsListRoutes: new Set(
      operations
        .filter(({ operation }) => operation['x-rate-limit'] === THREADS_LIST_LIMIT)
        .map(({ routeId }) => routeId),
    ),
    logger: deps.logger,
  });
  const marketStreams = createMarketStreams({
    db: deps.db,
    redis: deps.redis,
    routeSwitches: deps.routeSwitches,
    logger: deps.logger,
    hub: deps.marketNotices,
    settings: deps.marketStreams,
  });
  const handlerDeps: HandlerDeps = {
    context,
    cache: createResponseCache({ ttlMs: deps.settings.readCacheMs, now: context.now }),
    social: deps.settings.social,
    quote: {
      db: deps.db,
      redis: deps.redis,
      chain: deps.chainReader,
      cacheSeconds: deps.settings.quoteCacheSeconds,
      cacheUnavailable: createFailureLog(deps.logger, {
        event: 'quotes.cache_unavailable',
        message: 'quote cache unavailable; quoting without it',
      }),
      memory: createQuoteMemory({ nowMs, cacheSeconds: deps.settings.quoteCacheSeconds, logger: deps.logger }),
      nowMs,
    },
    streams: marketStreams,
    documentJson: JSON.stringify(document),
  };
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
      edge: { order: PUBLIC_ORDER, key: { optional: [optionalKey] }, limiters: { public: limiter } },
      // Every /api route: the key when one is sent, the per-IP (or per-user) window.
      routeDefaults: { key: 'optional', limiter: 'public' },
    },
    (router) => {
      router.use('/api', corsMiddleware());
      mountOperations(router, {
        operations,
        handlers: publicHandlers,
        route: publicOperationRoute(handlerDeps, createPublicRequestInput(document)),
      });
      mountEmbedRoutes(router, { db: deps.db });
      mountUnknownApiPath(router);
    },
  );
  // SIGTERM: market streams end with a short `retry:` so embeds reconnect to another replica.
  onAppShuttingDown(app, marketStreams.shutdown);
  return app;
}
