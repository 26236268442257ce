import { presentThread } from '../presenters/thread-responses.presenter.js';
import { getThread } from '../use-cases/get-thread.use-case.js';
import { publicHandler } from './public-handler.js';

export const getThreadHandler = publicHandler('getThread', ({ input: { params }, cached, facts }, { context }) =>
  cached([params.id], async () => presentThread(await getThread(context, params.id), facts())),
);
