import type { RouteRegistrar } from '#shared/http/route-registrar.js';
import { presentThreadMarkets } from '../presenters/market-responses.presenter.js';
import {
  presentThread,
  presentThreadChapters,
  presentThreadList,
  presentThreadSocialLinks,
} from '../presenters/thread-responses.presenter.js';
import { getThreadSocialLinks } from '../use-cases/get-thread-social-links.use-case.js';
import { getThread } from '../use-cases/get-thread.use-case.js';
import { listThreadChapters } from '../use-cases/list-thread-chapters.use-case.js';
import { listThreadMarkets } from '../use-cases/list-thread-markets.use-case.js';
import { listThreads } from '../use-cases/list-threads.use-case.js';
import { cacheKey, readFacts, type RouteDeps } from './route-deps.js';

export function mountThreadRoutes(router: RouteRegistrar, deps: RouteDeps): void {
  const { context, cache, input } = deps;

  router.route('GET', '/api/threads', async (req, res) => {
    const { query } = input.read('listThreads', req);
    await cache.send(res, cacheKey(res.locals.routeId, query), async () =>
      presentThreadList(await listThreads(context, query), readFacts(res, context)),
    );
  });

  router.route('GET', '/api/threads/:id', async (req, res) => {
    const { id } = input.read('getThread', req).params;
    await cache.send(res, cacheKey(res.locals.routeId, id), async () =>
      presentThread(await getThread(context, id), readFacts(res, context)),
    );
  });

  router.route('GET', '/api/threads/:id/markets', async (req, res) => {
    const { params, query } = input.read('listThreadMarkets', req);
    const { id } = params;
    await cache.send(res, cacheKey(res.locals.routeId, id, query), async () =>
      presentThreadMarkets(await listThreadMarkets(context, id, query), readFacts(res, context)),
    );
  });

  router.route('GET', '/api/threads/:id/chapters', async (req, res) => {
    const { id } = input.read('listThreadChapters', req).params;
    await cache.send(res, cacheKey(res.locals.routeId, id), async () =>
      presentThreadChapters(await listThreadChapters(context, id), id, context.now()),
    );
  });

  router.route('GET', '/api/threads/:id/social-links', async (req, res) => {
    const { params, query } = input.read('listThreadSocialLinks', req);
    const { id } = params;
    const { amount } = query;
    await cache.send(res, cacheKey(res.locals.routeId, id, amount), async () =>
      presentThreadSocialLinks(
        await getThreadSocialLinks({ ...context, social: deps.social }, id, amount),
        amount,
        context.now(),
      ),
    );
  });
}
