/*
 * Prometheus metrics of the market indexer, registered on the app's registry (served at /metrics). Without a
 * registry every method is a no-op. Metrics already registered (a second indexer in one process) are reused.
 */
import { registeredMetric } from '#shared/http/http-metrics.js';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { MarketEvent } from '../chain/market-events.js';

export interface IndexerMetrics {
  /** One range written: how long it took and how many blocks it covered. */
  observeRange(range: { blocks: bigint; durationMs: number }): void;
  countEvents(events: readonly MarketEvent[]): void;
  countFailure(): void;
  countReset(kind: 'reorg' | 'fresh-chain'): void;
  setLeader(leading: boolean): void;
  setPosition(position: { cursor: bigint; head: bigint }): void;
}

const noop = (): void => {};

export const noIndexerMetrics: IndexerMetrics = {
  observeRange: noop,
  countEvents: noop,
  countFailure: noop,
  countReset: noop,
  setLeader: noop,
  setPosition: noop,
};

export function createIndexerMetrics(registry: Registry | undefined): IndexerMetrics {
  if (!registry) return noIndexerMetrics;
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    registeredMetric(registry, name, () => new Counter({ name, help, labelNames, registers }));
  const gauge = (name: string, help: string) =>
    registeredMetric(registry, name, () => new Gauge({ name, help, registers }));
  const ranges = registeredMetric(
    registry,
    'indexer_range_duration_seconds',
    () =>
      new Histogram({
        name: 'indexer_range_duration_seconds',
        help: 'Time to index one block range (fetch logs, prices, write), in seconds.',
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers,
      }),
  );
  const blocks = counter('indexer_blocks_total', 'Blocks indexed.');
  const events = counter('indexer_events_total', 'Market events indexed, by event type.', ['type']);
  const failures = counter('indexer_failures_total', 'Indexing steps that failed.');
  const resets = counter('indexer_resets_total', 'Re-indexing after a reorg or on a fresh chain.', ['kind']);
  const leader = gauge('indexer_leader', '1 while this replica holds the indexer lock.');
  const cursor = gauge('indexer_cursor_block', 'Last fully indexed block.');
  const lag = gauge('indexer_lag_blocks', 'Chain head minus the last indexed block.');
  return {
    observeRange: (range) => {
      ranges.observe(range.durationMs / 1000);
      blocks.inc(Number(range.blocks));
    },
    countEvents: (indexed) => {
      for (const event of indexed) events.inc({ type: event.type });
    },
    countFailure: () => failures.inc(),
    countReset: (kind) => resets.inc({ kind }),
    setLeader: (leading) => leader.set(leading ? 1 : 0),
    setPosition: (position) => {
      cursor.set(Number(position.cursor));
      lag.set(Number(position.head - position.cursor));
    },
  };
}
