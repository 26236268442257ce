import { presentPartner } from '../presenters/catalog-responses.presenter.js';
import { getPartner } from '../use-cases/get-catalog-entry.use-case.js';
import { publicHandler } from './public-handler.js';

export const getPartnerHandler = publicHandler('getPartner', ({ input: { params }, cached }, { context }) =>
  cached([params.id], async () => presentPartner(await getPartner(context, params.id), context.now())),
);
