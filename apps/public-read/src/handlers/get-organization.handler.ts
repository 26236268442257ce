import { presentOrganization } from '../presenters/catalog-responses.presenter.js';
import { getOrganization } from '../use-cases/get-catalog-entry.use-case.js';
import { publicHandler } from './public-handler.js';

export const getOrganizationHandler = publicHandler('getOrganization', ({ input: { params }, cached }, { context }) =>
  cached([params.id], async () => presentOrganization(await getOrganization(context, params.id), context.now())),
);
