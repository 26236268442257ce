import { describe, expect, it } from '@jest/globals';
import { apiScopes } from '#shared/auth/tiers.js';
import { tradingApiDocument } from '../openapi/operations.js';
import { listOperations } from '../openapi/operations.js';
import { describeRouteSecurity, type RouteUnderTest } from '#tooling/kits/trading-api/security-suite.js';
import {
  callAs,
  concretePath,
  createCaller,
  insertCallerTrade,
  insertTestMarket,
  insertTradeWebhookEvent,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const uuid = '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11';
const bodies: Record<string, unknown> = {
  createTrade: { marketId: uuid, outcomeIndex: 0, amount: '1.5', side: 'buy' },
  createTradeBatch: { trades: [{ marketId: uuid, outcomeIndex: 0, amount: '1.5', side: 'buy' }] },
  confirmTrade: { token: 'tok' },
  createRedemption: { marketId: uuid, outcomeIndex: 0 },
};
const queries: Record<string, string> = {
  getMarketQuote: '?outcomeIndex=0&action=buy&amount=1000000',
  listMarketCandles: '?interval=1h',
};
/** What a permitted caller gets from each operation (its key has no webhook URL). */
const allowedStatus: Record<string, number> = {
  listMarkets: 200,
  getMarket: 404,
  getMarketQuote: 404,
  listMarketPredictions: 404,
  listMarketCandles: 404,
  getPortfolio: 200,
  listPortfolioPositions: 200,
  getAccountUsage: 200,
  getTrade: 404,
  getTrace: 404,
  confirmTrade: 404,
  cancelTrade: 404,
  redeliverWebhookEvent: 404,
  listWebhookEvents: 200,
  rotateWebhookSecret: 409,
  listTrades: 200,
  // The market of the body does not exist: the handler's own 404.
  createTrade: 404,
  // The batch is valid; its one item answers the handler's 404 in its result.
  createTradeBatch: 200,
  createRedemption: 404,
  streamEvents: 200,
};

/** A trade of `owner` on a fresh market. */
async function ownedTrade(kit: TradingApiKit, owner: TestCaller) {
  const market = await insertTestMarket(kit.database.db);
  return insertCallerTrade(kit.database.db, owner, { marketId: market.id });
}
/** Routes of a caller's own resources, and how to make one. */
const ownedResources: Record<string, RouteUnderTest['ownedResource']> = {
  getTrade: async (kit, owner) => `/v1/trades/${(await ownedTrade(kit, owner)).id}`,
  getTrace: async (kit, owner) => `/v1/traces/${(await ownedTrade(kit, owner)).correlationId}`,
  confirmTrade: async (kit, owner) => `/v1/trades/${(await ownedTrade(kit, owner)).id}/confirm`,
  cancelTrade: async (kit, owner) => `/v1/trades/${(await ownedTrade(kit, owner)).id}/cancel`,
  redeliverWebhookEvent: async (kit, owner) => {
    const id = await insertTradeWebhookEvent(kit.database.db, await ownedTrade(kit, owner));
    return `/v1/webhooks/events/${id}/redeliver`;
  },
};
/**
 * What the owner gets once ownership passed: a pending trade never awaited confirmation; the event's key has no
 * webhook URL to redeliver to.
 */
const ownerStatus: Record<string, number> = { confirmTrade: 409, redeliverWebhookEvent: 409 };

const routes: Array<RouteUnderTest & { operationId: string; routeId: string }> = listOperations(tradingApiDocument())
  .filter((operation) => operation.scope !== null)
  .map((operation) => ({
    operationId: operation.operationId,
    routeId: operation.routeId,
    method: operation.method,
    path: concretePath(operation.path).concat(queries[operation.operationId] ?? ''),
    scope: operation.scope!,
    body: bodies[operation.operationId],
    allowedStatus: allowedStatus[operation.operationId]!,
    ownedResource: ownedResources[operation.operationId],
    ownerStatus: ownerStatus[operation.operationId],
  }));

const kit = useTradingApiKit();

it('runs the security cases on every operation that requires a key', () => {
  const scoped = listOperations(tradingApiDocument()).filter((operation) => operation.scope !== null);
  expect(routes.map((route) => route.operationId).sort()).toEqual(
    scoped.map((operation) => operation.operationId).sort(),
  );
  expect(routes.length).toBeGreaterThanOrEqual(16);
});

describe.each(routes)('$method $path security', (route) => {
  describeRouteSecurity(() => kit, route);
});

describe('kill switch', () => {
  it.each(routes)(
    'answers 503 ROUTE_DISABLED with Retry-After: 60 on $routeId while its route is switched off, and serves it again after',
    async (route) => {
      const caller = await createCaller(kit, { scopes: [...apiScopes] });
      const send = () => callAs(kit, caller, route.method, route.path, { body: route.body });
      kit.switches.set([route.routeId]);
      try {
        const disabled = await send();
        expectProblemCode(disabled, 503, 'ROUTE_DISABLED');
        expect(disabled.json.extensions).toEqual({ route: route.routeId });
        expect(disabled.headers.get('retry-after')).toBe('60');
        expect(disabled.headers.get('x-service-error-code')).toBe('ROUTE_DISABLED');
      } finally {
        kit.switches.set([]);
      }
      expect((await send()).status).toBe(route.allowedStatus);
    },
  );
});
