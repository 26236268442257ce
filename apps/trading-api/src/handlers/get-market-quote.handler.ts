import type { Knex } from 'knex';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import type { ChainSource } from '../use-cases/chain-source.js';
import { getMarketQuote } from '../use-cases/get-market-quote.use-case.js';

/** GET /v1/markets/{id}/quote → `{ quote, market, units, _meta }`, cacheable 10 s. */
export function getMarketQuoteHandler(deps: { db: Knex; chain?: ChainSource }): OperationHandler {
  return typedHandler<'getMarketQuote'>(async ({ input }) => {
    const body = await getMarketQuote(deps, {
      marketId: input.params.id,
      outcomeIndex: input.query.outcomeIndex,
      action: input.query.action,
      amount: BigInt(input.query.amount),
    });
    return { status: 200, body: { ...body }, cacheControl: 'public, max-age=10' };
  });
}
