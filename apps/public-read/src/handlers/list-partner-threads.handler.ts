import { presentThreadList } from '../presenters/thread-responses.presenter.js';
import { listOwnerThreads } from '../use-cases/list-catalog-threads.use-case.js';
import { publicHandler } from './public-handler.js';

export const listPartnerThreadsHandler = publicHandler(
  'listPartnerThreads',
  ({ input: { params, query }, cached, facts }, { context }) => {
    const owner = { partnerId: params.id };
    return cached([params.id, query], async () =>
      presentThreadList(await listOwnerThreads(context, owner, query), facts(), owner),
    );
  },
);
