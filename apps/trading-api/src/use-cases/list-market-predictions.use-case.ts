import type { Knex } from 'knex';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import { listMarketTradesKeyset, type MarketTradeRecord } from '#shared/db/market-trades/market-trades.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import { keysetPage, resolvePageLimit, type KeysetPage, type KeysetPosition } from '#shared/domain/paging.js';

export const PREDICTIONS_DEFAULT_LIMIT = 50;

export interface ListPredictionsCommand {
  marketId: string;
  outcomeIndex?: number;
  side?: 'buy' | 'sell';
  limit?: number;
  /** Continue after this trade (the previous page's `nextAfter`). */
  after?: KeysetPosition;
}

/** One keyset page of the trades seen on a market's contract, newest first. */
export async function listMarketPredictions(
  deps: { db: Knex },
  command: ListPredictionsCommand,
): Promise<KeysetPage<MarketTradeRecord>> {
  const limit = resolvePageLimit(command.limit, PREDICTIONS_DEFAULT_LIMIT);
  if (!(await findMarketById(deps.db, command.marketId))) {
    throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  }
  const rows = await listMarketTradesKeyset(deps.db, {
    marketId: command.marketId,
    outcomeIndex: command.outcomeIndex,
    side: command.side,
    after: command.after,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, (trade) => ({ sortKey: trade.blockTime, id: trade.id }));
}
