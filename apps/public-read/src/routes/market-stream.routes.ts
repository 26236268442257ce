import { clientAddressOf } from '#shared/http/client-address.middleware.js';
import { presentPublicErrors } from '#shared/http/public-error-presentation.js';
import { type PublicErrorPresentation } from '#shared/http/error-renderers.js';
import { type RouteRegistrar } from '#shared/http/route-registrar.js';
import type { PublicRequestInput } from '../http/request-input.js';
import type { MarketStreams } from '../streams/market-streams.js';

/** Like market detail: an unknown market's 404 carries only `error`. */
const marketStreamErrors: PublicErrorPresentation = { labelOnly: ['NOT_FOUND'] };

/** GET /api/markets/{id}/stream: a market's live prices as Server-Sent Events (decision 0022). */
export function mountMarketStreamRoute(
  router: RouteRegistrar,
  streams: MarketStreams,
  input: PublicRequestInput,
): void {
  router.route('GET', '/api/markets/:id/stream', async (req, res) => {
    presentPublicErrors(res, marketStreamErrors);
    const { params } = input.read('streamMarket', req);
    await streams.open(res, {
      marketId: params.id,
      // The cap counts per client behind the gateway: its IPv4 address, or its IPv6 /64.
      clientIp: clientAddressOf(res).group,
      routeId: String(res.locals.routeId),
    });
  });
}
