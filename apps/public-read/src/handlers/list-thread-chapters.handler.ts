import { presentThreadChapters } from '../presenters/thread-responses.presenter.js';
import { listThreadChapters } from '../use-cases/list-thread-chapters.use-case.js';
import { publicHandler } from './public-handler.js';

export const listThreadChaptersHandler = publicHandler(
  'listThreadChapters',
  ({ input: { params }, cached }, { context }) =>
    cached([params.id], async () =>
      presentThreadChapters(await listThreadChapters(context, params.id), params.id, context.now()),
    ),
);
