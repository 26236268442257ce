import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentPosition } from '../presenters/portfolio.presenter.js';
import type { ChainSource } from '../use-cases/chain-source.js';
import { listPortfolioPositions } from '../use-cases/portfolio.use-case.js';

/** GET /v1/portfolio/positions → `{ positions, data, _meta }` (not paginated). */
export function listPortfolioPositionsHandler(deps: { db: Knex; chain?: ChainSource }): OperationHandler {
  return typedHandler<'listPortfolioPositions'>(async ({ auth, input }) => {
    const { marketId } = input.query;
    const positions = await listPortfolioPositions(deps, { userId: auth.key.record.userId, marketId });
    return { status: 200, body: resourceEnvelope('positions', positions.map(presentPosition)) };
  });
}
