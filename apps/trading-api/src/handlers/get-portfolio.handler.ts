import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentPortfolio } from '../presenters/portfolio.presenter.js';
import type { ChainSource } from '../use-cases/chain-source.js';
import { getPortfolio } from '../use-cases/portfolio.use-case.js';

/** GET /v1/portfolio → `{ portfolio, data, _meta }`. */
export function getPortfolioHandler(deps: { db: Knex; chain?: ChainSource }): OperationHandler {
  return async ({ auth }) => {
    const portfolio = await getPortfolio(deps, { userId: auth.key.record.userId });
    return { status: 200, body: resourceEnvelope('portfolio', presentPortfolio(portfolio)) };
  };
}
