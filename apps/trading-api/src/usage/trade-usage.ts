/*
 * The trade figures of one usage window (DESIGN.md §6 `trades.{24h,7d,30d}`), from the key's trades rows:
 *
 * - A window holds the trades the key *created* in it; each counts by its status now. So `total` also counts trades
 *   still in flight, and `total >= completed + failed`.
 * - `failed` counts every finished trade that did not complete: `failed` and `rejected` alike (both are terminal and
 *   unsuccessful from the client's side; the usage shape has no separate member for refusals), but for the trades
 *   the client cancelled (`TRADE_CANCELLED`): those are `cancelled`, its own choice, not a failure.
 * - `successRate` = completed / (completed + failed), a number in [0, 1]; null when no trade of the window finished
 *   (0 of 0 is no rate, and 0 would read as "everything failed").
 * - `latencyMs` p50 / p99: created_at → finished_at of the window's finished trades (completed, failed and rejected,
 *   not cancelled: the time until the client learns the outcome), whole milliseconds, exact nearest-rank percentiles
 *   (the value at
 *   rank ceil(p/100 × n) in ascending order, an observed duration, never an interpolation); null without finished
 *   trades. Each percentile is one indexed read of a single row, never the list of durations.
 */
import type { Knex } from 'knex';
import {
  countTradesOfKeyByStatus,
  tradeLatencyAtRankOfKey,
  type TradeStatusCount,
  type UsageWindowBounds,
} from '#shared/db/trades/trade-lists.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { terminalStatuses } from '#shared/domain/trade-states.js';

export interface TradeUsage {
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  successRate: number | null;
  latencyMs: { p50: number | null; p99: number | null };
}

/** 1-based rank of the nearest-rank `percentile` (an integer 1..100) among `count` ascending values; 0 when empty. */
export function nearestRank(percentile: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count, Math.max(1, Math.ceil((percentile * count) / 100)));
}

/** Totals of a window's status counts (see the header for what counts as failed and finished). */
export function summariseTradeCounts(counts: readonly TradeStatusCount[]) {
  const sum = (pick: (count: TradeStatusCount) => number) => counts.reduce((total, count) => total + pick(count), 0);
  const completed = sum((count) => (count.status === 'completed' ? count.trades : 0));
  const cancelled = sum((count) => (count.cancelled ? count.trades : 0));
  const failed = sum((count) =>
    !count.cancelled && (count.status === 'failed' || count.status === 'rejected') ? count.trades : 0,
  );
  const finishedOutcomes = completed + failed;
  return {
    total: sum((count) => count.trades),
    completed,
    failed,
    cancelled,
    successRate: finishedOutcomes === 0 ? null : completed / finishedOutcomes,
    /** Finished, uncancelled trades that carry a finished_at: the population of the latency percentiles. */
    timed: sum((count) => (terminalStatuses.includes(count.status) && !count.cancelled ? count.finished : 0)),
  };
}

/** The figures of one window, read in one transaction so the counts and the ranked reads see the same rows. */
export async function readTradeUsage(db: Knex, apiKeyId: string, window: UsageWindowBounds): Promise<TradeUsage> {
  return withTransaction(db, async (trx) => {
    const { timed, ...counts } = summariseTradeCounts(await countTradesOfKeyByStatus(trx, apiKeyId, window));
    const latencyAt = (percentile: number) =>
      tradeLatencyAtRankOfKey(trx, apiKeyId, {
        ...window,
        statuses: terminalStatuses,
        rank: nearestRank(percentile, timed),
        finished: timed,
      });
    const p50 = await latencyAt(50);
    const p99 = await latencyAt(99);
    return { ...counts, latencyMs: { p50, p99 } };
  });
}
