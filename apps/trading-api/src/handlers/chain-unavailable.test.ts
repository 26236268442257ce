/* The chain-backed routes and readiness when the deployment has no chain, or one that does not answer. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createLazyChainReader, type LazyChainReader } from '#shared/chain/lazy-chain-reader.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import {
  createResponseValidator,
  type ResponseValidator,
} from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  call,
  callAs,
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';

let kit: TradingApiKit;
let spec: ResponseValidator;
beforeAll(async () => {
  [kit, spec] = await Promise.all([startTradingApiKit(), createResponseValidator()]);
});
afterAll(async () => {
  await kit.close();
});

async function callerWithSmartAccount(): Promise<TestCaller> {
  const caller = await createCaller(kit);
  const address = `0x${randomBytes(20).toString('hex')}`;
  await kit.database.db('users').where({ id: caller.userId }).update({ smart_account_address: address });
  return caller;
}

function expectUnavailable(response: { status: number; json: Record<string, unknown>; headers: Headers }) {
  expect({ status: response.status, code: response.json.code }).toEqual({
    status: 503,
    code: 'DEPENDENCY_UNAVAILABLE',
  });
  expect(response.headers.get('retry-after')).toBe('30');
}

describe('chain-backed routes without a chain', () => {
  it('GET /v1/portfolio answers 503 DEPENDENCY_UNAVAILABLE for a user with a smart account', async () => {
    const response = await callAs(kit, await callerWithSmartAccount(), 'GET', '/v1/portfolio');
    expectUnavailable(response);
    expect(spec.errors(response.json, 'getPortfolio', 503)).toEqual([]);
  });

  it('GET /v1/portfolio/positions answers 503 DEPENDENCY_UNAVAILABLE for a user with a smart account', async () => {
    const response = await callAs(kit, await callerWithSmartAccount(), 'GET', '/v1/portfolio/positions');
    expectUnavailable(response);
    expect(spec.errors(response.json, 'listPortfolioPositions', 503)).toEqual([]);
  });

  it('GET /v1/markets/{id}/quote answers 503 DEPENDENCY_UNAVAILABLE for a market with a contract', async () => {
    const market = await insertMarket(kit.database.db, {
      question: 'Will the chain come back?',
      category: 'chain',
      outcomes: ['YES', 'NO'],
      contractAddress: '0x00000000000000000000000000000000000000bb',
      chainId: 31337,
    });
    const caller = await createCaller(kit);
    const response = await callAs(
      kit,
      caller,
      'GET',
      `/v1/markets/${market.id}/quote?outcomeIndex=0&action=buy&amount=1000000`,
    );
    expectUnavailable(response);
    expect(spec.errors(response.json, 'getMarketQuote', 503)).toEqual([]);
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
