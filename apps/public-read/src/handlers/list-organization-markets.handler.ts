import { presentOrganizationMarkets } from '../presenters/market-responses.presenter.js';
import { listOrganizationMarkets } from '../use-cases/list-organization-markets.use-case.js';
import { publicHandler } from './public-handler.js';

export const listOrganizationMarketsHandler = publicHandler(
  'listOrganizationMarkets',
  ({ input: { params, query }, cached }, { context }) =>
    cached([params.id, query], async () =>
      presentOrganizationMarkets(await listOrganizationMarkets(context, params.id, query), params.id, context.now()),
    ),
);
