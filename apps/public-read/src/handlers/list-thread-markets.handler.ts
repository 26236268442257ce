import { presentThreadMarkets } from '../presenters/market-responses.presenter.js';
import { listThreadMarkets } from '../use-cases/list-thread-markets.use-case.js';
import { publicHandler } from './public-handler.js';

export const listThreadMarketsHandler = publicHandler(
  'listThreadMarkets',
  ({ input: { params, query }, cached, facts }, { context }) =>
    cached([params.id, query], async () =>
      presentThreadMarkets(await listThreadMarkets(context, params.id, query), facts()),
    ),
);
