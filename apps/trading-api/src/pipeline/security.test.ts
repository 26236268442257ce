import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadOpenApiDocument } from '../openapi/load-spec.js';
import { listOperations } from '../openapi/operations.js';
import { describeRouteSecurity, type RouteUnderTest } from '../testing/security-suite.js';
import { startTradingApiKit, type TradingApiKit } from '../testing/trading-api-test-kit.js';

const uuid = '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11';
const bodies: Record<string, unknown> = {
  createTrade: { marketId: uuid, outcomeIndex: 0, amount: '1.5', side: 'buy' },
  confirmTrade: { token: 'tok' },
  createRedemption: { marketId: uuid, outcomeIndex: 0 },
};
const queries: Record<string, string> = { getMarketQuote: '?outcomeIndex=0&action=buy&amount=1000000' };
/** What a permitted caller gets from each operation today (501 until its handler lands). */
const allowedStatus: Record<string, number> = {
  listMarkets: 200,
  getMarket: 404,
  getMarketQuote: 404,
  listMarketPredictions: 404,
  getPortfolio: 200,
  listPortfolioPositions: 200,
  getAccountUsage: 200,
};

const routes: Array<RouteUnderTest & { operationId: string }> = listOperations(loadOpenApiDocument())
  .filter((operation) => operation.scope !== null)
  .map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    path: operation.expressPath
      .replace(':id', operation.expressPath.includes('webhooks') ? 'evt_abc123' : uuid)
      .replace(':correlationId', uuid)
      .concat(queries[operation.operationId] ?? ''),
    scope: operation.scope!,
    body: bodies[operation.operationId],
    allowedStatus: allowedStatus[operation.operationId] ?? 501,
  }));

let kit: TradingApiKit;
beforeAll(async () => {
  kit = await startTradingApiKit();
});
afterAll(async () => {
  await kit.close();
});

it('runs the security cases on every operation that requires a key', () => {
  const scoped = listOperations(loadOpenApiDocument()).filter((operation) => operation.scope !== null);
  expect(routes.map((route) => route.operationId).sort()).toEqual(
    scoped.map((operation) => operation.operationId).sort(),
  );
  expect(routes.length).toBeGreaterThanOrEqual(16);
});

describe.each(routes)('$method $path security', (route) => {
  describeRouteSecurity(() => kit, route);
});
