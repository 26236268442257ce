import { presentThreadList } from '../presenters/thread-responses.presenter.js';
import { listThreads } from '../use-cases/list-threads.use-case.js';
import { publicHandler } from './public-handler.js';

export const listThreadsHandler = publicHandler('listThreads', ({ input: { query }, cached, facts }, { context }) =>
  cached([query], async () => presentThreadList(await listThreads(context, query), facts())),
);
