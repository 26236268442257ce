import { clientAddressOf } from '#shared/http/client-address.js';
import { publicHandler } from './public-handler.js';

/** A market's live prices as Server-Sent Events (decision 0022); like market detail, a 404 carries only `error`. */
export const streamMarketHandler = publicHandler(
  'streamMarket',
  async ({ input: { params }, res, routeId }, { streams }) => {
    // The cap counts per client behind the gateway: its IPv4 address, or its IPv6 /64.
    await streams.open(res, { marketId: params.id, clientIp: clientAddressOf(res).group, routeId });
    return undefined;
  },
  { errors: { labelOnly: ['NOT_FOUND'] } },
);
