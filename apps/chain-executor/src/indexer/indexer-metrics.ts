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
  const ranges = registeredMetric(registry, 'indexer_range_duration_seconds', () => {
    return new Histogram({
      name: 'indexer_range_duration_seconds',
      help: 'Time to index one block range (fetch logs, prices, write), in seconds.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
  });
  const blocks = registeredMetric(registry, 'indexer_blocks_total', () => {
    return new Counter({ name: 'indexer_blocks_total', help: 'Blocks indexed.', registers });
  });
  const events = registeredMetric(registry, 'indexer_events_total', () => {
    return new Counter({
      name: 'indexer_events_total',
      help: 'Market events indexed, by event type.',
      labelNames: ['type'],
      registers,
    });
  });
  const failures = registeredMetric(registry, 'indexer_failures_total', () => {
    return new Counter({ name: 'indexer_failures_total', help: 'Indexing steps that failed.', registers });
  });
  const resets = registeredMetric(registry, 'indexer_resets_total', () => {
    return new Counter({
      name: 'indexer_resets_total',
      help: 'Re-indexing after a reorg or on a fresh chain.',
      labelNames: ['kind'],
      registers,
    });
  });
  const leader = registeredMetric(registry, 'indexer_leader', () => {
    return new Gauge({ name: 'indexer_leader', help: '1 while this replica holds the indexer lock.', registers });
  });
  const cursor = registeredMetric(registry, 'indexer_cursor_block', () => {
    return new Gauge({ name: 'indexer_cursor_block', help: 'Last fully indexed block.', registers });
  });
  const lag = registeredMetric(registry, 'indexer_lag_blocks', () => {
    return new Gauge({ name: 'indexer_lag_blocks', help: 'Chain head minus the last indexed block.', registers });
  });
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
