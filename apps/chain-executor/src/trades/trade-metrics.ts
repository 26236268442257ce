/*
 * Prometheus metrics of the trade jobs, on the app's registry (served at /metrics): how each job ended and how long
 * it took, so operators see completions, failures, duplicates and retries per replica. Without a registry every
 * method is a no-op; metrics already registered in the process are reused.
 */
import { registeredMetric } from '#shared/http/http-metrics.js';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { TradeOutcome } from './trade-executor-deps.js';

export interface TradeMetrics {
  /** A job ended with `outcome` after `seconds`. */
  observeJob(outcome: TradeOutcome, seconds: number): void;
  /** A job threw: requeued when the error is retryable, parked otherwise. */
  countError(): void;
}

export const noTradeMetrics: TradeMetrics = { observeJob: () => undefined, countError: () => undefined };

export function createTradeMetrics(registry: Registry | undefined): TradeMetrics {
  if (!registry) return noTradeMetrics;
  const registers = [registry];
  const jobs = registeredMetric(
    registry,
    'trade_jobs_total',
    () =>
      new Counter({
        name: 'trade_jobs_total',
        help: 'Trade jobs handled, by outcome (completed, failed, rejected, not_pending = duplicate, lost_race, …).',
        labelNames: ['outcome'],
        registers,
      }),
  );
  const durations = registeredMetric(
    registry,
    'trade_job_duration_seconds',
    () =>
      new Histogram({
        name: 'trade_job_duration_seconds',
        help: 'Time from taking a trade job to its outcome (validation, send, receipt, writes), in seconds.',
        labelNames: ['outcome'],
        buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers,
      }),
  );
  const errors = registeredMetric(
    registry,
    'trade_job_errors_total',
    () =>
      new Counter({
        name: 'trade_job_errors_total',
        help: 'Trade jobs that threw: requeued when retryable (RPC or MySQL down), parked otherwise.',
        registers,
      }),
  );
  return {
    observeJob(outcome, seconds) {
      jobs.inc({ outcome });
      durations.observe({ outcome }, seconds);
    },
    countError: () => errors.inc(),
  };
}
