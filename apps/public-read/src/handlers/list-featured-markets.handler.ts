import { presentFeaturedMarkets } from '../presenters/market-responses.presenter.js';
import { listFeaturedMarkets } from '../use-cases/list-featured-markets.use-case.js';
import { publicHandler } from './public-handler.js';

export const listFeaturedMarketsHandler = publicHandler('listFeaturedMarkets', ({ cached }, { context }) =>
  cached([], async () => presentFeaturedMarkets(await listFeaturedMarkets(context))),
);
