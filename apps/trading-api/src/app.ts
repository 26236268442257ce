import type express from 'express';
import type { Knex } from 'knex';
import { createApiKeyCache } from '#shared/auth/api-key-cache.js';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { createMicroCache } from '#shared/http/micro-cache.js';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import { createHttpApp } from '#shared/http/http-app.js';
import { onAppShuttingDown } from '#shared/http/lifecycle.js';
import { type HttpMetrics } from '#shared/http/http-metrics.js';
import { type ReadinessCheck } from '#shared/http/readiness.js';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { Redis } from '#shared/redis/create-redis.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import { chainReadiness } from '#shared/runtime/readiness-checks.js';
import { createCursorCodec, deriveCursorSecret } from './http/cursor.js';
import { mountDocsRoutes } from './docs/docs.routes.js';
import { deriveConfirmationKeys } from './domain/confirmation-token.js';
import { createHandlers } from './handlers/index.js';
import { listOperations, tradingApiDocument } from './openapi/operations.js';
import {
  authenticateMiddleware,
  createAuthFailureRecorder,
  createAuthLockout,
  type AuthLockoutPolicy,
} from './pipeline/authenticate.middleware.js';
import { ipAllowlistMiddleware, scopeMiddleware, signatureMiddleware } from './pipeline/authorize.middleware.js';
import { createRequestValidator, validateMiddleware, tradeBodyOf } from './pipeline/validate.middleware.js';
import { operationOf } from './pipeline/operation-handler.js';
import { API_VERSION_HEADER, CURRENT_API_VERSION, mountV1Operations, v1EdgeSteps } from './pipeline/v1-router.js';
import { createRateLimiters, rateLimiterFor } from './rate-limit/operation-limiters.js';
import type { EventPageReader } from './streams/shared-event-pages.js';
import type { StreamSettings } from './streams/stream-settings.js';
import { createTradingStreams } from './streams/trading-streams.js';
import type { ChainSource } from './use-cases/chain-source.js';
import type { UsageRecorder } from './usage/usage-recorder.js';

export interface TradingApiDeps {
  logger: Logger;
  version: string;
  routeSwitches: RouteSwitches;
  readinessChecks: ReadinessCheck[];
  metrics?: HttpMetrics;
  trustProxy: string;
  /** GATEWAY_APPENDED_ADDRESSES: where the client sits in a trusted gateway's X-Forwarded-For; default 1. */
  gatewayAppendedAddresses?: number;
  docsBaseUrl: string;
  db: Knex;
  /** Rate limits and lockouts; its key prefix namespaces every key. */
  redis: Redis;
  apiKeyPepper: string;
  serviceEnv: ApiKeyEnvironment;
  usage: UsageRecorder;
  /** Injected clock (tests); default Date.now. */
  now?: () => number;
  lockoutPolicy?: AuthLockoutPolicy;
  keyCacheTtlMs?: number;
  /**
   * Quotes and portfolio read the chain through it (connected on first use); absent = those routes answer 503.
   * When present, readiness reports it as `chain`.
   */
  chainReader?: ChainSource;
  /** Per-replica micro-cache of market reads (ms; READ_CACHE_MS); default 0 = off. */
  readCacheMs?: number;
  /** Key of the pagination cursors; default derived from the API-key pepper. */
  cursorSecret?: string;
  /**
   * During a pepper rotation (API_KEY_PEPPER_PREVIOUS, decision 0030): keys still hashed under it authenticate and
   * move to the current pepper, and cursors signed under it still verify.
   */
  apiKeyPepperPrevious?: string | undefined;
  /**
   * Publishes trade jobs and events right after their transaction commits; absent = the rows wait in the outbox
   * for the chain executor's relay.
   */
  amqp?: AmqpConnectionManager;
  /** POST /v1/redemptions is served; default true. */
  redemptionsEnabled?: boolean;
  /** Seals webhook signing secrets at rest (WEBHOOK_SECRET_KEY); default the local development key. */
  webhookSecretKey?: string;
  /** Live notices of this replica (fed by its AMQP subscription); default a hub nobody feeds (re-reads only). */
  streamNotices?: NoticeHub;
  /** Stream limits and timings (STREAM_*); defaults in streams/stream-settings.ts. */
  streamSettings?: Partial<StreamSettings>;
  /** Test hook: wraps the event streams' page reads (tests produce events between the pages of a replay). */
  wrapStreamPages?: (read: EventPageReader) => EventPageReader;
}

/**
 * Readiness of the chain behind quotes and positions (DESIGN.md §6 `checks.chain`): the lazy reader connects on
 * first use, then the RPC must answer a block-number request within the probe's timeout.
 */
export function chainSourceReadiness(chain: ChainSource): ReadinessCheck {
  return { name: 'chain', check: async () => chainReadiness(await chain()).check() };
}

/** The trading API (`/v1/*`): every operation of apps/trading-api/openapi through one request pipeline. */
export function createApp(deps: TradingApiDeps): express.Express {
  const now = deps.now ?? Date.now;
  const document = tradingApiDocument();
  const operations = listOperations(document);
  const validator = createRequestValidator(document);
  const lockout = createAuthLockout({ redis: deps.redis, logger: deps.logger, policy: deps.lockoutPolicy, now });
  const recordFailure = createAuthFailureRecorder({ db: deps.db, lockout, usage: deps.usage, logger: deps.logger });
  const keys = createApiKeyCache({
    db: deps.db,
    pepper: deps.apiKeyPepper,
    previousPepper: deps.apiKeyPepperPrevious,
    ttlMs: deps.keyCacheTtlMs,
    now,
  });
  const rateLimiters = createRateLimiters({ redis: deps.redis, logger: deps.logger, usage: deps.usage, now });
  const authorize = {
    recordFailure,
    reportWindow: (res: express.Response) => rateLimiterFor(rateLimiters, operationOf(res)).reportWindow(res),
  };

  const streams = createTradingStreams({
    db: deps.db,
    redis: deps.redis,
    routeSwitches: deps.routeSwitches,
    logger: deps.logger,
    hub: deps.streamNotices,
    settings: deps.streamSettings,
    now,
    wrapPages: deps.wrapStreamPages,
  });

  const app = createHttpApp(
    {
      serviceName: 'trading-api',
      version: deps.version,
      logger: deps.logger,
      errorStyle: 'problem',
      docsBaseUrl: deps.docsBaseUrl,
      healthPaths: ['/health', '/v1/health'],
      readyPaths: ['/ready', '/v1/ready'],
      routeSwitches: deps.routeSwitches,
      readinessChecks: deps.chainReader
        ? [...deps.readinessChecks, chainSourceReadiness(deps.chainReader)]
        : deps.readinessChecks,
      trustProxy: deps.trustProxy,
      gatewayAppendedAddresses: deps.gatewayAppendedAddresses,
      metrics: deps.metrics,
      // Every response carries the current label, health/ready and errors included; version selection may pin another.
      responseHeaders: { [API_VERSION_HEADER]: CURRENT_API_VERSION },
      edge: v1EdgeSteps({
        authenticate: authenticateMiddleware({ serviceEnv: deps.serviceEnv, keys, lockout, recordFailure, now }),
        allowlist: ipAllowlistMiddleware(authorize),
        scope: scopeMiddleware(authorize),
        rateLimiters,
        signature: signatureMiddleware({ recordFailure, now }),
        usage: deps.usage,
      }),
    },
    (registrar) => {
      mountDocsRoutes(registrar, document);
      mountV1Operations(registrar, operations, {
        validate: validateMiddleware(validator),
        streamingHandlers: streams.streamingHandlers,
        waitingReads: streams.waitingReads,
        handlers: createHandlers({
          db: deps.db,
          cursors: createCursorCodec({
            secret: deps.cursorSecret ?? deriveCursorSecret(deps.apiKeyPepper),
            previousSecret:
              deps.cursorSecret === undefined && deps.apiKeyPepperPrevious !== undefined
                ? deriveCursorSecret(deps.apiKeyPepperPrevious)
                : undefined,
            now,
          }),
          chain: deps.chainReader,
          outbox: createOutboxTransaction(deps.db, deps.amqp),
          confirmationKeys: deriveConfirmationKeys(deps.apiKeyPepper, deps.apiKeyPepperPrevious),
          redemptionsEnabled: deps.redemptionsEnabled ?? true,
          webhookSecrets: createSecretBox(deps.webhookSecretKey ?? DEVELOPMENT_WEBHOOK_SECRET_KEY),
          sharedReads: createMicroCache({ ttlMs: deps.readCacheMs ?? 0, now }),
          serviceEnv: deps.serviceEnv,
          checkTradeBody: (body) => tradeBodyOf(validator, body),
          docsBaseUrl: deps.docsBaseUrl,
        }),
        now,
      });
    },
  );
  // SIGTERM: streams end with a short `retry:` (clients reconnect to another replica) before the drain waits.
  onAppShuttingDown(app, streams.shutdown);
  return app;
}
