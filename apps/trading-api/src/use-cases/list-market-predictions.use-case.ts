import type { Knex } from 'knex';
import { findMarketById, listMarketTradesKeyset, type MarketTradeRecord } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import { paginate, resolvePageLimit, type CursorCodec, type CursorContext } from '../http/cursor.js';
import type { Pagination } from '../http/envelope.js';

export const PREDICTIONS_DEFAULT_LIMIT = 50;

export interface ListPredictionsCommand {
  marketId: string;
  outcomeIndex?: number;
  side?: 'buy' | 'sell';
  limit?: number;
  cursor?: string;
}

/** One keyset page of the trades seen on a market's contract, newest first. */
export async function listMarketPredictions(
  deps: { db: Knex; cursors: CursorCodec },
  command: ListPredictionsCommand,
): Promise<{ items: MarketTradeRecord[]; pagination: Pagination }> {
  const context: CursorContext = {
    route: 'listMarketPredictions',
    filters: { marketId: command.marketId, outcomeIndex: command.outcomeIndex, side: command.side },
  };
  const limit = resolvePageLimit(command.limit, PREDICTIONS_DEFAULT_LIMIT);
  const after = command.cursor === undefined ? undefined : deps.cursors.decode(command.cursor, context);
  if (!(await findMarketById(deps.db, command.marketId))) {
    throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  }
  const rows = await listMarketTradesKeyset(deps.db, {
    marketId: command.marketId,
    outcomeIndex: command.outcomeIndex,
    side: command.side,
    after,
    limit: limit + 1,
  });
  return paginate(
    rows,
    limit,
    (trade) => ({ sortKey: trade.blockTime, id: trade.id }),
    (position) => deps.cursors.encode(context, position),
  );
}
