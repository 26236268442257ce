import { presentPublicErrors, type PublicErrorPresentation, type RouteRegistrar } from '#shared/http/index.js';
import { parseQuery } from '../http/query-params.js';
import { noQuerySchema } from '../schemas/thread-queries.schema.js';
import type { MarketStreams } from '../streams/market-streams.js';

/** Like market detail: an unknown market's 404 carries only `error`. */
const marketStreamErrors: PublicErrorPresentation = { labelOnly: ['NOT_FOUND'] };

/** GET /api/markets/{id}/stream: a market's live prices as Server-Sent Events (decision 0022). */
export function mountMarketStreamRoute(router: RouteRegistrar, streams: MarketStreams): void {
  router.route('GET', '/api/markets/:id/stream', async (req, res) => {
    presentPublicErrors(res, marketStreamErrors);
    parseQuery(noQuerySchema, req.query);
    await streams.open(res, {
      marketId: req.params.id,
      clientIp: req.ip ?? 'unknown',
      routeId: String(res.locals.routeId),
    });
  });
}
