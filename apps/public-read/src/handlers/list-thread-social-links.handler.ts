import { presentThreadSocialLinks } from '../presenters/thread-responses.presenter.js';
import { getThreadSocialLinks } from '../use-cases/get-thread-social-links.use-case.js';
import { publicHandler } from './public-handler.js';

export const listThreadSocialLinksHandler = publicHandler(
  'listThreadSocialLinks',
  ({ input: { params, query }, cached }, { context, social }) =>
    cached([params.id, query.amount], async () =>
      presentThreadSocialLinks(
        await getThreadSocialLinks({ ...context, social }, params.id, query.amount),
        query.amount,
        context.now(),
      ),
    ),
);
