import type { Knex } from 'knex';
import type { Registry } from 'prom-client';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { createReadThroughCache } from '#shared/cache/read-through-cache.js';
import { findWebhookSettingsOfKey, type WebhookSettings } from '#shared/db/api-keys/api-key-secrets.repository.js';
import type { WebhookDispatcherConfig } from '#shared/config/app-configs.js';
import type { Logger } from '#shared/logger/logger.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { Redis } from '#shared/redis/create-redis.js';
import { startWebhookEventsConsumer } from './consumers/webhook-events.consumer.js';
import { createCircuitBreaker } from './delivery/circuit-breaker.js';
import { createDeliveryObserver } from './delivery/delivery-observer.js';
import type { DispatcherDeps } from './delivery/dispatcher-deps.js';
import { createKeyLeases } from './delivery/key-lease.js';
import { createWebhookPoster, type ResolveAll } from './delivery/post-webhook.js';
import { startWakeDueKeysLoop } from './loops/wake-due-keys.loop.js';

export type DispatcherSettings = Pick<
  WebhookDispatcherConfig,
  | 'SERVICE_ENV'
  | 'WEBHOOK_SECRET_KEY'
  | 'WEBHOOK_SECRET_KEY_PREVIOUS'
  | 'WEBHOOK_ALLOW_PRIVATE_TARGETS'
  | 'WEBHOOK_CONCURRENCY'
  | 'WEBHOOK_TIMEOUT_MS'
  | 'WEBHOOK_LEASE_MS'
  | 'WEBHOOK_SWEEP_POLL_MS'
  | 'WEBHOOK_SWEEP_BATCH_SIZE'
>;

/**
 * How long a replica reuses a key's webhook settings: the URL never changes after issuance, and a rotated secret
 * reaches deliveries within this (the previous secret keeps signing alongside it for 7 days anyway).
 */
const SETTINGS_CACHE_MS = 1_000;

/** A due event is woken by the sweep only once this overdue: its own message normally wakes it first. */
const SWEEP_GRACE_MS = 1_000;

/** The dispatcher's delivery pieces, real ones, bound to the deployment's settings. */
export function createDispatcherDeps(
  parts: { db: Knex; redis: Redis; logger: Logger; registry?: Registry; version: string; resolve?: ResolveAll },
  settings: DispatcherSettings,
): DispatcherDeps {
  const settingsCache = createReadThroughCache<WebhookSettings | null>({
    ttlMs: SETTINGS_CACHE_MS,
    maxEntries: 10_000,
  });
  return {
    db: parts.db,
    webhookSettings: (apiKeyId) => settingsCache.get(apiKeyId, () => findWebhookSettingsOfKey(parts.db, apiKeyId)),
    leases: createKeyLeases(parts.redis, settings.WEBHOOK_LEASE_MS),
    breaker: createCircuitBreaker(parts.redis),
    poster: createWebhookPoster({
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      httpsOnly: settings.SERVICE_ENV === 'live',
      allowPrivateTargets: settings.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      ...(parts.resolve ? { resolve: parts.resolve } : {}),
    }),
    // During a key rotation (decision 0030) secrets sealed under the previous key still open.
    secrets: createSecretBox(settings.WEBHOOK_SECRET_KEY, settings.WEBHOOK_SECRET_KEY_PREVIOUS),
    userAgent: `Foretell-Webhooks/${parts.version}`,
    now: () => new Date(),
    random: Math.random,
    observer: createDeliveryObserver(parts.logger, parts.registry),
  };
}

/** The events consumer and the due-key sweep; resolves with their stop functions (consumer first). */
export async function startDispatcherWorkers(
  parts: { db: Knex; redis: Redis; amqp: AmqpConnectionManager; logger: Logger; registry?: Registry; version: string },
  settings: DispatcherSettings,
): Promise<Array<() => Promise<void>>> {
  const logger = parts.logger.child({ component: 'webhooks' });
  const deps = createDispatcherDeps({ ...parts, logger }, settings);
  const consumer = await startWebhookEventsConsumer(parts.amqp, deps, {
    prefetch: settings.WEBHOOK_CONCURRENCY,
    logger,
  });
  const stopSweep = startWakeDueKeysLoop(
    { db: parts.db, amqp: parts.amqp, redis: parts.redis, logger, now: deps.now },
    { pollMs: settings.WEBHOOK_SWEEP_POLL_MS, batchSize: settings.WEBHOOK_SWEEP_BATCH_SIZE, graceMs: SWEEP_GRACE_MS },
  );
  return [
    () => consumer.stop(),
    stopSweep,
    async () => {
      deps.poster.close();
    },
  ];
}
