import type { Knex } from 'knex';
import { decodeOptionalCursor, type CursorCodec, type CursorContext } from '../http/cursor.js';
import { listEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentCandle } from '../presenters/candle.presenter.js';
import { listMarketCandles } from '../use-cases/list-market-candles.use-case.js';

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** GET /v1/markets/{id}/candles → list envelope of an outcome's candles, oldest first. */
export function listMarketCandlesHandler(deps: { db: Knex; cursors: CursorCodec }): OperationHandler {
  return typedHandler<'listMarketCandles'>(async ({ input }) => {
    const { interval, outcomeIndex = 0, from, to, limit, cursor } = input.query;
    const filters = { marketId: input.params.id, outcomeIndex, interval, from, to };
    const context: CursorContext = { route: 'listMarketCandles', filters };
    const page = await listMarketCandles(
      { db: deps.db, now: () => new Date() },
      {
        ...filters,
        from: dateOf(from),
        to: dateOf(to),
        limit,
        start: decodeOptionalCursor(deps.cursors, cursor, context)?.sortKey,
      },
    );
    const next = page.nextStart && deps.cursors.encode(context, { sortKey: page.nextStart, id: 'candles' });
    const pagination = { cursor: next || null, hasMore: page.hasMore, limit: page.limit };
    return { status: 200, body: listEnvelope(page.items.map(presentCandle), pagination) };
  });
}
