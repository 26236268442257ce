import { presentTrendingMarkets } from '../presenters/market-responses.presenter.js';
import { listTrendingMarkets } from '../use-cases/list-trending-markets.use-case.js';
import { publicHandler } from './public-handler.js';

export const listTrendingMarketsHandler = publicHandler(
  'listTrendingMarkets',
  ({ input: { query }, cached }, { context }) =>
    cached([query], async () => presentTrendingMarkets(await listTrendingMarkets(context, query), query.timeframe)),
);
