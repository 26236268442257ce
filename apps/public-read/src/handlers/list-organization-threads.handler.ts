import { presentThreadList } from '../presenters/thread-responses.presenter.js';
import { listOwnerThreads } from '../use-cases/list-catalog-threads.use-case.js';
import { publicHandler } from './public-handler.js';

export const listOrganizationThreadsHandler = publicHandler(
  'listOrganizationThreads',
  ({ input: { params, query }, cached, facts }, { context }) => {
    const owner = { organizationId: params.id };
    return cached([params.id, query], async () =>
      presentThreadList(await listOwnerThreads(context, owner, query), facts(), owner),
    );
  },
);
