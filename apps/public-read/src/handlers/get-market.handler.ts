import { presentMarketDetail } from '../presenters/market-responses.presenter.js';
import { getMarketDetail } from '../use-cases/get-market-detail.use-case.js';
import { publicHandler } from './public-handler.js';

/** spec/public-read-api.md: market detail's 404 carries only `error`. */
export const getMarketHandler = publicHandler(
  'getMarket',
  ({ input: { params, query }, cached }, { context }) =>
    cached([params.id, query], async () =>
      presentMarketDetail(await getMarketDetail(context, params.id, query), context.now()),
    ),
  { errors: { labelOnly: ['NOT_FOUND'] } },
);
