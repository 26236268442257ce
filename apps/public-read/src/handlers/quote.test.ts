import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import {
  createFixtureMarket,
  startChainFixture,
  WAD,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { freezeMarket } from '../../../admin-cli/src/chain/market-admin.js';
import {
  readBuyQuote,
  readMarketPrices,
  readMarketState,
  readQuote,
  readSellFeeBps,
  readSellQuote,
} from '#shared/chain/market-reads.js';
import { quoteMarketStatus } from '#shared/domain/market-status.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { quoteCacheKey } from '../use-cases/get-market-quote.use-case.js';
import {
  createPublicReadSuite,
  createUnreachableChain,
  expectInvalidParameter,
  expectPublicError,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

type Body = Record<string, unknown>;

let suite: PublicReadSuite;
let fixture: ChainFixture;
let app: RunningPublicRead;
let marketId: string;
let contract: Address;
let threeWayId: string;

beforeAll(async () => {
  [suite, fixture] = await Promise.all([createPublicReadSuite(), startChainFixture()]);
  const binary = await createFixtureMarket(fixture);
  const threeWay = await createFixtureMarket(fixture, { outcomeCount: 3 });
  marketId = binary.marketId;
  contract = binary.market;
  threeWayId = threeWay.marketId;
  const chainId = fixture.reader.chain.id;
  await insertMarket(suite.db, {
    id: marketId,
    question: 'On chain?',
    category: 'misc',
    outcomes: ['YES', 'NO'],
    contractAddress: contract,
    chainId,
  });
  await insertMarket(suite.db, {
    id: threeWayId,
    question: 'Three ways?',
    category: 'misc',
    outcomes: ['A', 'B', 'C'],
    contractAddress: threeWay.market,
    chainId,
  });
  app = await suite.start({ chainReader: () => Promise.resolve(fixture.reader) });
}, 60_000);

afterAll(async () => {
  await suite.destroy();
  await fixture.stop();
});

/** A replica of its own that counts how often it asks for the chain reader (once per chain read). */
async function startCountingChainReads() {
  let reads = 0;
  const replica = await suite.start({
    chainReader: () => {
      reads += 1;
      return Promise.resolve(fixture.reader);
    },
  });
  return { app: replica, chainReads: () => reads };
}

const quoteUrl = (id: string, query: string): string => `${app.url}/api/markets/${id}/quote?${query}`;

describe('GET /api/markets/{id}/quote', () => {
  it("returns the buy quote of the contract's views with market and units", async () => {
    const amount = 25n * USDC;
    const { status, body, headers } = await getJson<Body & { quote: Body }>(
      quoteUrl(marketId, `outcomeIndex=0&action=buy&amount=${amount}`),
    );
    expect(status).toBe(200);
    const expected = await readQuote(fixture.reader, {
      marketId,
      contractAddress: contract,
      labels: ['YES', 'NO'],
      outcomeIndex: 0,
      action: 'buy',
      amount,
    });
    expect(body).toEqual(JSON.parse(JSON.stringify(expected)));
    const raw = await readBuyQuote(fixture.reader, { market: contract, outcomeIndex: 0, usdcIn: amount });
    expect(body.quote).toMatchObject({
      action: 'buy',
      amountIn: amount.toString(),
      tokensOut: raw.tokensOut.toString(),
      reserveAfter: raw.reserveAfter.toString(),
      c: raw.c.toString(),
      pAfter: raw.pAfter.map(String),
      qAfter: raw.qAfter.map(String),
    });
    expect(body.market).toMatchObject({ id: marketId, contractAddress: contract, chainId: 31337, status: 'ACTIVE' });
    expect(body.units).toEqual({ usdc: 'atomic-6', token: 'wad-18' });
    expect(headers.get('cache-control')).toBe('public, max-age=10');
  });

  it("returns the sell quote of the contract's views on a multi-outcome market, every number as the contract gives it", async () => {
    const { status, body } = await getJson<Body & { quote: Body; market: Body }>(
      quoteUrl(threeWayId, `outcomeIndex=2&action=sell&amount=${WAD}`),
    );
    expect(status).toBe(200);
    const row = await suite.db('markets').where({ id: threeWayId }).first('contract_address');
    const address = row.contract_address as Address;
    const [raw, feeBps, prices, state] = await Promise.all([
      readSellQuote(fixture.reader, { market: address, outcomeIndex: 2, tokensIn: WAD }),
      readSellFeeBps(fixture.reader, address),
      readMarketPrices(fixture.reader, address),
      readMarketState(fixture.reader, address),
    ]);
    expect(body.quote).toEqual({
      outcomeIndex: 2,
      action: 'sell',
      tokensIn: WAD.toString(),
      usdcOut: raw.usdcOut.toString(),
      grossRelease: raw.grossRelease.toString(),
      sellFeeBps: feeBps,
      reserveAfter: raw.reserveAfter.toString(),
      c: raw.c.toString(),
      pAfter: raw.pAfter.map(String),
      qAfter: raw.qAfter.map(String),
      // USDC per whole token, net of fees; pAfter of the sold outcome as a 0..1 number.
      effectivePrice: expect.closeTo(Number(raw.usdcOut) / 1e6, 12),
      impliedProbability: expect.closeTo(Number(raw.pAfter[2]!) / 1e18, 15),
    });
    expect(feeBps).toBeGreaterThan(0);
    // The fees separate the gross release (WAD, all that leaves the reserve) from usdcOut (atomic-6): sellFeeBps of
    // it rounded up, plus the reserve's rounding (1 or 2 atomic units) that leaves with the AMM fee.
    const grossUsdc = raw.grossRelease / 10n ** 12n;
    const fee = grossUsdc - raw.usdcOut;
    expect(fee).toBe(raw.ammFee + raw.protocolFee);
    const bpsFee = (grossUsdc * BigInt(feeBps) + 9_999n) / 10_000n;
    expect(fee >= bpsFee && fee <= bpsFee + 2n).toBe(true);
    for (const wads of [raw.pAfter, raw.qAfter]) expect(wads.reduce((sum, value) => sum + value, 0n)).toBe(WAD);
    // c falls on a sell: the quoted c after it is strictly below the market's c now.
    expect(BigInt(body.quote.c as string)).toBeLessThan(prices.c);
    expect(body.market).toEqual({
      id: threeWayId,
      contractAddress: address,
      chainId: fixture.reader.chain.id,
      outcomes: ['A', 'B', 'C'].map((label, outcomeIndex) => ({
        outcomeIndex,
        label,
        probability: expect.closeTo(Number(prices.q[outcomeIndex]!) / 1e18, 15),
      })),
      status: quoteMarketStatus(state),
    });
    expect(body.units).toEqual({ usdc: 'atomic-6', token: 'wad-18' });
  });

  it('answers 503 DEPENDENCY_UNAVAILABLE when the chain RPC is down, and serves every other route meanwhile', async () => {
    // The kit's default chain: production's lazy reader over an RPC that refuses connections.
    const down = await suite.start();
    const query = { outcomeIndex: 0, action: 'buy' as const, amount: 13n * USDC };
    const url = `${down.url}/api/markets/${marketId}/quote?outcomeIndex=0&action=buy&amount=${query.amount}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { status, body, headers } = await getJson(url);
      expect(status).toBe(503);
      expect(body).toEqual({
        error: 'Service Unavailable',
        code: 'DEPENDENCY_UNAVAILABLE',
        message: expect.any(String),
      });
      expect(headers.get('retry-after')).toBe('30');
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('cache-control')).toBe('no-store');
    }
    expect(await suite.redis.exists(quoteCacheKey(marketId, query))).toBe(0);
    expect((await getJson(`${down.url}/api/markets/${marketId}`)).status).toBe(200);
  });

  it('answers 503 DEPENDENCY_UNAVAILABLE when the RPC fails the read itself (chain id configured, RPC down)', async () => {
    const chain = createUnreachableChain({ chainId: fixture.reader.chain.id });
    try {
      const down = await suite.start({ chainReader: chain.get });
      const url = `${down.url}/api/markets/${marketId}/quote?outcomeIndex=1&action=sell&amount=${WAD}`;
      await expectPublicError(url, 503, 'Service Unavailable', 'DEPENDENCY_UNAVAILABLE');
    } finally {
      await chain.close();
    }
  });

  it('serves the cached quote for 10 s per (market, outcome, action, amount), even after the chain moved', async () => {
    const query = { outcomeIndex: 1, action: 'buy' as const, amount: 7n * USDC };
    const url = quoteUrl(marketId, `outcomeIndex=1&action=buy&amount=${query.amount}`);
    const first = await getJson<Body & { market: Body }>(url);
    expect(first.body.market.status).toBe('ACTIVE');
    expect(first.headers.get('cache-control')).toBe('public, max-age=10');
    // Redis's own expiry of the entry: 10 s from the first request, not from the latest hit.
    const ttl = await suite.redis.pttl(quoteCacheKey(marketId, query));
    expect(ttl).toBeGreaterThan(8_000);
    expect(ttl).toBeLessThanOrEqual(10_000);

    await fixture.checkpoint();
    await freezeMarket(fixture.admin, contract);
    const cached = await getJson<Body & { market: Body }>(url);
    expect(cached.body).toEqual(first.body);
    expect(await suite.redis.pttl(quoteCacheKey(marketId, query))).toBeLessThanOrEqual(ttl);
    const otherAmount = await getJson<Body & { market: Body }>(
      quoteUrl(marketId, `outcomeIndex=1&action=buy&amount=${query.amount + 1n}`),
    );
    expect(otherAmount.body.market.status).toBe('PAUSED');

    // Ten seconds later the entry is gone: from Redis (expired) and from the replica's memory (same expiry).
    app.clock.now = new Date(app.clock.now.getTime() + 10_001);
    await suite.redis.del(quoteCacheKey(marketId, query));
    const fresh = await getJson<Body & { market: Body }>(url);
    expect(fresh.body.market.status).toBe('PAUSED');
    await fixture.reset();
    await suite.redis.del(quoteCacheKey(marketId, query));
  });

  it('sends concurrent requests for an uncached quote to the chain once', async () => {
    const { app: counted, chainReads } = await startCountingChainReads();
    const query = { outcomeIndex: 0, action: 'buy' as const, amount: 11n * USDC };
    const url = `${counted.url}/api/markets/${marketId}/quote?outcomeIndex=0&action=buy&amount=${query.amount}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => getJson<Body>(url)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(chainReads()).toBe(1);
    await suite.redis.del(quoteCacheKey(marketId, query));
  });

  it('re-reads a quote asked for in its last second from the chain once, serving the cached one meanwhile', async () => {
    const { app: hot, chainReads } = await startCountingChainReads();
    const query = { outcomeIndex: 1, action: 'sell' as const, amount: 2n * 10n ** 17n };
    const key = quoteCacheKey(marketId, query);
    const url = `${hot.url}/api/markets/${marketId}/quote?outcomeIndex=1&action=sell&amount=${query.amount}`;
    const first = await getJson<Body & { market: Body }>(url);
    expect(first.body.market.status).toBe('ACTIVE');
    await fixture.checkpoint();
    await freezeMarket(fixture.admin, contract);

    // 9.1 s later, in this replica's memory and in Redis alike, the entry has 0.9 s left.
    hot.clock.now = new Date(hot.clock.now.getTime() + 9_100);
    await suite.redis.pexpire(key, 900);
    // The request that finds the entry in its last second gets it, and starts the one background read; requests
    // racing that read get either the cached quote or the refreshed one, never a second chain read.
    const served = await getJson<Body & { market: Body }>(url);
    expect(served.body).toEqual(first.body);
    const racing = await Promise.all(Array.from({ length: 5 }, () => getJson<Body & { market: Body }>(url)));
    for (const answer of racing) expect(['ACTIVE', 'PAUSED']).toContain(answer.body.market.status);

    let refreshed = served;
    for (let attempt = 0; attempt < 100 && refreshed.body.market.status !== 'PAUSED'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refreshed = await getJson<Body & { market: Body }>(url);
    }
    expect(refreshed.body.market.status).toBe('PAUSED');
    expect(refreshed.headers.get('cache-control')).toBe('public, max-age=10');
    expect(await suite.redis.pttl(key)).toBeGreaterThan(8_000);
    expect(chainReads()).toBe(2);
    await fixture.reset();
    await suite.redis.del(key);
  });

  it('shares the cache between replicas through Redis', async () => {
    const query = { outcomeIndex: 0, action: 'sell' as const, amount: 3n * 10n ** 17n };
    const url = `/api/markets/${marketId}/quote?outcomeIndex=0&action=sell&amount=${query.amount}`;
    const first = await getJson<Body & { market: Body }>(`${app.url}${url}`);
    await fixture.checkpoint();
    await freezeMarket(fixture.admin, contract);
    const replica = await suite.start({ chainReader: () => Promise.resolve(fixture.reader) });
    const fromReplica = await getJson<Body & { market: Body }>(`${replica.url}${url}`);
    expect(fromReplica.body).toEqual(first.body);
    expect(fromReplica.body.market.status).toBe('ACTIVE');
    const maxAge = Number(/max-age=(\d+)/.exec(fromReplica.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(0);
    expect(maxAge).toBeLessThanOrEqual(10);
    await fixture.reset();
    await suite.redis.del(quoteCacheKey(marketId, query));
  });

  it.each([
    ['outcomeIndex=2&action=buy&amount=1000000', 'outcomeIndex'],
    ['outcomeIndex=-1&action=buy&amount=1000000', 'outcomeIndex'],
    ['action=buy&amount=1000000', 'outcomeIndex'],
    ['outcomeIndex=0&amount=1000000', 'action'],
    ['outcomeIndex=0&action=hold&amount=1000000', 'action'],
    ['outcomeIndex=0&action=buy', 'amount'],
    ['outcomeIndex=0&action=buy&amount=0', 'amount'],
    ['outcomeIndex=0&action=buy&amount=1.5', 'amount'],
    ['outcomeIndex=0&action=buy&amount=-3', 'amount'],
    ['outcomeIndex=0&action=buy&amount=1&slippage=1', 'slippage'],
  ])('answers 400 ValidationError naming the parameter for %s', (query, name) =>
    expectInvalidParameter(quoteUrl(marketId, query), name, 'ValidationError'),
  );

  it('answers 400 ValidationError when the contract refuses the amount (selling more tokens than exist)', async () => {
    const { status, body } = await getJson(quoteUrl(marketId, `outcomeIndex=0&action=sell&amount=${10n ** 40n}`));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'ValidationError' });
  });

  it('answers 404 NotFoundError for an unknown market and for a market without a contract', async () => {
    const unknown = quoteUrl('00000000-0000-4000-8000-000000000000', 'outcomeIndex=0&action=buy&amount=1');
    await expectPublicError(unknown, 404, 'NotFoundError', 'MARKET_NOT_FOUND');
    const offChain = await insertMarket(suite.db, { question: 'Off?', category: 'misc', outcomes: ['YES', 'NO'] });
    const noContract = await getJson(quoteUrl(offChain.id, 'outcomeIndex=0&action=buy&amount=1'));
    expect(noContract.status).toBe(404);
    expect(noContract.body).toMatchObject({ error: 'NotFoundError' });
  });
});
