import type { Knex } from 'knex';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import {
  findFirstPricePointTime,
  findOutcomeProbabilityBefore,
  listOutcomeIntervals,
} from '#shared/db/price-points/price-points.repository.js';
import { quoteOutcomeRefusal } from '#shared/domain/quote-rules.js';
import { resolvePageLimit } from '#shared/domain/paging.js';
import { AppError } from '#shared/errors/app-error.js';
import { buildCandles, CANDLE_INTERVALS, intervalStart, type Candle, type CandleInterval } from '../domain/candles.js';

export const CANDLES_DEFAULT_LIMIT = 100;

export interface ListCandlesCommand {
  marketId: string;
  outcomeIndex: number;
  interval: CandleInterval;
  /** The first interval served is the one holding `from` (default: the market's first trade). */
  from?: Date;
  /** Intervals starting before `to` (default: now). */
  to?: Date;
  limit?: number;
  /** Continue at this interval start (the previous page's `nextStart`). */
  start?: Date;
}

export interface CandlePage {
  items: Candle[];
  limit: number;
  hasMore: boolean;
  /** The next page's first interval; null on the last page. */
  nextStart: Date | null;
}

const latest = (dates: ReadonlyArray<Date | undefined>): Date =>
  dates.reduce<Date>((last, date) => (date && date > last ? date : last), new Date(0));

const invalid = (field: string, detail: string) =>
  new AppError('VALIDATION_FAILED', {
    detail,
    extensions: { field, location: 'query', errors: [{ field, message: detail }] },
  });

/** One page of an outcome's candles, oldest first, from the market's indexed trades. */
export async function listMarketCandles(
  deps: { db: Knex; now: () => Date },
  command: ListCandlesCommand,
): Promise<CandlePage> {
  const limit = resolvePageLimit(command.limit, CANDLES_DEFAULT_LIMIT);
  const market = await findMarketById(deps.db, command.marketId);
  if (!market) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  const outcomeRefusal = quoteOutcomeRefusal(market, command.outcomeIndex);
  if (outcomeRefusal?.reason === 'outcome_out_of_range') {
    const highest = outcomeRefusal.highestOutcomeIndex;
    throw invalid('outcomeIndex', `query member outcomeIndex must be an integer from 0 to ${highest}.`);
  }
  const now = deps.now();
  if (command.from && command.from >= (command.to ?? now)) {
    throw invalid('from', 'query member from must be before to.');
  }
  // Nothing past now: an interval that has not begun has no candle yet (the current one is served as it stands).
  const to = command.to && command.to < now ? command.to : now;
  const firstTrade = await findFirstPricePointTime(deps.db, market.id);
  const empty: CandlePage = { items: [], limit, hasMore: false, nextStart: null };
  if (!firstTrade) return empty;

  const intervalMs = CANDLE_INTERVALS[command.interval];
  // Intervals before the first trade have no price: never served, whatever `from` asks.
  const earliest = latest([firstTrade, command.from, command.start]);
  const pageStart = intervalStart(earliest, intervalMs);
  const remaining = Math.ceil((to.getTime() - pageStart.getTime()) / intervalMs);
  if (remaining <= 0) return empty;
  const count = Math.min(limit, remaining);
  const pageEnd = new Date(pageStart.getTime() + count * intervalMs);

  const query = { marketId: market.id, outcomeIndex: command.outcomeIndex };
  const [intervals, previousClose] = await Promise.all([
    listOutcomeIntervals(deps.db, {
      ...query,
      intervalSeconds: intervalMs / 1000,
      from: pageStart,
      to: pageEnd < to ? pageEnd : to,
    }),
    findOutcomeProbabilityBefore(deps.db, { ...query, before: pageStart }),
  ]);
  const activity = intervals.map(({ index, ...sums }) => ({ start: new Date(index * intervalMs), ...sums }));
  const items = buildCandles(activity, { intervalMs, from: pageStart, count, previousClose });
  const hasMore = count < remaining;
  return { items, limit, hasMore, nextStart: hasMore ? pageEnd : null };
}
