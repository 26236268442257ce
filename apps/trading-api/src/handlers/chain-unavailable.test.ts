/* The chain-backed routes and readiness when the deployment has no chain, or one that does not answer. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createLazyChainReader, type LazyChainReader } from '#shared/chain/lazy-chain-reader.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  call,
  callAs,
  createCaller,
  insertTestMarket,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const kit = useTradingApiKit();
const spec = createResponseValidator();

async function callerWithSmartAccount(): Promise<TestCaller> {
  const caller = await createCaller(kit);
  const address = `0x${randomBytes(20).toString('hex')}`;
  await kit.database.db('users').where({ id: caller.userId }).update({ smart_account_address: address });
  return caller;
}

async function quotePathOfMarketWithContract(): Promise<string> {
  const market = await insertTestMarket(kit.database.db, {
    contractAddress: '0x00000000000000000000000000000000000000bb',
    chainId: 31337,
  });
  return `/v1/markets/${market.id}/quote?outcomeIndex=0&action=buy&amount=1000000`;
}

describe('chain-backed routes without a chain', () => {
  it.each([
    ['GET /v1/portfolio', 'getPortfolio', () => Promise.resolve('/v1/portfolio')],
    ['GET /v1/portfolio/positions', 'listPortfolioPositions', () => Promise.resolve('/v1/portfolio/positions')],
    ['GET /v1/markets/{id}/quote', 'getMarketQuote', quotePathOfMarketWithContract],
  ])(
    '%s answers 503 DEPENDENCY_UNAVAILABLE (a user with a smart account; a market with a contract)',
    async (_route, operationId, pathOf) => {
      const response = await callAs(kit, await callerWithSmartAccount(), 'GET', await pathOf());
      expectDescribed(spec, response, operationId, 503, 'DEPENDENCY_UNAVAILABLE');
      expect(response.headers.get('retry-after')).toBe('30');
    },
  );
});

describe('POST /v1/trades/batch without a chain', () => {
  it('answers 503 for the whole batch, creating nothing, though an item before was refused on its own', async () => {
    const caller = await callerWithSmartAccount();
    const market = await insertTestMarket(kit.database.db, {
      contractAddress: `0x${randomBytes(20).toString('hex')}`,
      chainId: 31337,
    });
    const item = { marketId: market.id, outcomeIndex: 0, amount: '1', side: 'buy' };
    const trades = [{ ...item, marketId: '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b' }, item];
    const response = await callAs(kit, caller, 'POST', '/v1/trades/batch', { body: { trades } });
    expectDescribed(spec, response, 'createTradeBatch', 503, 'DEPENDENCY_UNAVAILABLE');
    expect(await kit.database.db('trades').where({ api_key_id: caller.record.id })).toHaveLength(0);
  });
});

describe('readiness with a chain that does not answer', () => {
  let chain: LazyChainReader;
  let unreachable: TradingApiKit;
  beforeAll(async () => {
    // Nothing listens on port 1: the RPC refuses every request.
    chain = createLazyChainReader({ rpcUrl: 'http://127.0.0.1:1', chainId: 31337 });
    unreachable = await startTradingApiKit({ chainReader: chain.get });
  });
  afterAll(async () => {
    await unreachable.close();
    await chain.close();
  });

  it('reports checks.chain as fail and answers 503 not_ready on /v1/ready and /ready', async () => {
    for (const path of ['/v1/ready', '/ready']) {
      const response = await call(unreachable, 'GET', path);
      expect(response.status).toBe(503);
      expect(response.json).toEqual({ status: 'not_ready', checks: { chain: 'fail' } });
    }
  });
});
