/*
 * Logs and Prometheus metrics of deliveries: webhook_deliveries_total{outcome}, webhook_delivery_duration_seconds,
 * webhook_breaker_transitions_total{transition}, webhook_deliveries_paused_total. A retry or a pause is an expected
 * state: one line, no stack. Never logs bodies, secrets or signatures.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { OpenWebhookEvent } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import { registeredMetric } from '#shared/http/http-metrics.js';
import type { Logger } from '#shared/logger/logger.js';
import type { BreakerTransition } from './circuit-breaker.js';

export interface AttemptSummary {
  outcome: 'delivered' | 'retry' | 'failed';
  statusCode: number | null;
  failureCode: string | null;
  startedAt: Date;
  finishedAt: Date;
}

export interface DeliveryObserver {
  attempted(event: OpenWebhookEvent, attempt: AttemptSummary): void;
  paused(event: OpenWebhookEvent, url: string, retryAt: number): void;
  breaker(url: string, transition: Exclude<BreakerTransition, null>): void;
  /** The key's secret cannot be opened: its events wait (no attempt spent) until the deployment is fixed. */
  secretUnavailable(event: OpenWebhookEvent, reason: string, retryAt: number): void;
}

/** The host of a URL only: paths and queries may carry a receiver's tokens. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
};

export function createDeliveryObserver(logger: Logger, registry?: Registry): DeliveryObserver {
  const counter = (on: Registry, name: string, help: string, labelNames: string[] = []) =>
    registeredMetric(on, name, () => new Counter({ name, help, labelNames, registers: [on] }));
  const metrics = registry
    ? {
        deliveries: counter(
          registry,
          'webhook_deliveries_total',
          'Webhook delivery attempts by outcome (delivered, retry, failed).',
          ['outcome'],
        ),
        duration: registeredMetric(
          registry,
          'webhook_delivery_duration_seconds',
          () =>
            new Histogram({
              name: 'webhook_delivery_duration_seconds',
              help: 'Duration of webhook delivery attempts.',
              buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
              registers: [registry],
            }),
        ),
        transitions: counter(
          registry,
          'webhook_breaker_transitions_total',
          'Circuit breaker transitions per endpoint (opened, reopened, closed).',
          ['transition'],
        ),
        paused: counter(
          registry,
          'webhook_deliveries_paused_total',
          'Deliveries postponed because their endpoint breaker was open (no attempt spent).',
        ),
      }
    : undefined;
  return {
    attempted(event, attempt) {
      metrics?.deliveries.inc({ outcome: attempt.outcome });
      const durationMs = attempt.finishedAt.getTime() - attempt.startedAt.getTime();
      metrics?.duration.observe(durationMs / 1000);
      const fields = {
        event: 'webhook.attempt',
        eventId: event.id,
        apiKeyId: event.apiKeyId,
        seq: event.seq,
        outcome: attempt.outcome,
        statusCode: attempt.statusCode,
        failureCode: attempt.failureCode,
        durationMs,
      };
      if (attempt.outcome === 'delivered') logger.debug(fields, 'webhook delivered');
      else
        logger.info(fields, attempt.outcome === 'retry' ? 'webhook attempt failed; retry scheduled' : 'webhook failed');
    },
    paused(event, url, retryAt) {
      metrics?.paused.inc();
      logger.info(
        {
          event: 'webhook.paused',
          eventId: event.id,
          apiKeyId: event.apiKeyId,
          host: hostOf(url),
          retryAt: new Date(retryAt).toISOString(),
        },
        'endpoint breaker open; delivery paused',
      );
    },
    secretUnavailable(event, reason, retryAt) {
      logger.error(
        {
          event: 'webhook.secret_unavailable',
          apiKeyId: event.apiKeyId,
          eventId: event.id,
          reason,
          retryAt: new Date(retryAt).toISOString(),
        },
        'webhook secret cannot be opened (check WEBHOOK_SECRET_KEY); deliveries of this key paused',
      );
    },
    breaker(url, transition) {
      metrics?.transitions.inc({ transition });
      logger.warn(
        { event: `webhook.breaker_${transition}`, host: hostOf(url) },
        `endpoint circuit breaker ${transition}`,
      );
    },
  };
}
