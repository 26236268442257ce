/*
 * POST /v1/trades/batch (issue 31) against real MariaDB, Redis and anvil: per-item results in order, each item checked
 * as POST /v1/trades checks it, one transaction, tokens drawn per item, and an Idempotency-Key over the batch.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { USDC } from '#tooling/testing/chain-test-fixtures.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';
import { tradingApiDocument } from '../openapi/operations.js';
import { MAX_BATCH_TRADES } from '../use-cases/create-trade-batch.use-case.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();
const db = () => chainKit.kit.database.db;
const buy = (amount: string, extra: Record<string, unknown> = {}) => chainKit.buyBody(amount, extra);

interface ItemResult {
  status: number;
  trade?: { id: string; status: string; amount: string };
  confirmation?: { token: string };
  idempotent?: boolean;
  error?: { code: string; status: number; extensions?: Record<string, unknown> };
}

const postBatch = (trader: TestCaller, trades: unknown, headers: Record<string, string> = {}) =>
  callAs(chainKit.kit, trader, 'POST', '/v1/trades/batch', { body: { trades }, headers });
const resultsOf = (response: { json: Record<string, unknown> }) => response.json.results as ItemResult[];
const tradesOfKey = (trader: TestCaller) => db()('trades').where({ api_key_id: trader.record.id });

describe('POST /v1/trades/batch', () => {
  it('answers 20 items in order, each as POST /v1/trades would: created, capped, confirmed, replayed, invalid', async () => {
    const trader = await chainKit.createTrader({ perTradeLimit: 10n * USDC, highValueThreshold: 5n * USDC });
    const earlier = await chainKit.postTrade(trader, buy('1', { clientRequestId: 'placed-before' }));
    const earlierId = (earlier.json.trade as { id: string }).id;
    const items: unknown[] = Array.from({ length: MAX_BATCH_TRADES }, (_, index) =>
      buy('1', { metadata: { index: `${index}` } }),
    );
    items[3] = buy('11');
    items[5] = buy('6');
    items[7] = buy('1', { clientRequestId: 'placed-before' });
    items[9] = { ...buy('1'), amount: 'abc' };
    items[11] = { ...buy('1'), marketId: randomUUID() };
    items[13] = buy('1', { limitPrice: '1.5' });
    items[15] = { ...buy('1'), side: 'hold' };

    const response = await postBatch(trader, items);

    expectDescribed(spec, response, 'createTradeBatch', 200);
    const results = resultsOf(response);
    expect(response.json.data).toEqual(results);
    const expected = Array<number>(MAX_BATCH_TRADES).fill(201);
    Object.assign(expected, { 3: 409, 5: 202, 9: 400, 11: 404, 13: 400, 15: 400 });
    expect(results.map((result) => result.status)).toEqual(expected);
    expect(results[3]?.error).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
    expect(results[9]?.error).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'amount' } });
    expect(results[11]?.error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', status: 404 });
    expect(results[13]?.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(results[15]?.error).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'side' } });
    expect(results[7]).toMatchObject({ status: 201, idempotent: true, trade: { id: earlierId } });
    expect(results[0]).toMatchObject({ idempotent: false, trade: { status: 'pending', amount: '1' } });
    expect(response.json._meta).toMatchObject({ idempotent: false });

    // The 202 item confirms with its own token, as a single high-value trade does.
    const highValue = results[5]!;
    expect(highValue.trade?.status).toBe('pending_confirmation');
    const confirmed = await callAs(chainKit.kit, trader, 'POST', `/v1/trades/${highValue.trade!.id}/confirm`, {
      body: { token: highValue.confirmation!.token },
    });
    expect([confirmed.status, (confirmed.json.trade as { status: string }).status]).toEqual([200, 'pending']);

    // 13 new pending trades and the high-value one, beside the earlier trade; one executor job per pending trade.
    const created = results.filter((result) => result.status === 201 && !result.idempotent);
    expect(created).toHaveLength(13);
    expect(await tradesOfKey(trader)).toHaveLength(15);
    const jobs = await Promise.all(created.map((result) => chainKit.tradeJobs(result.trade!.id)));
    expect(jobs.map((job) => job.length)).toEqual(Array(13).fill(1));
  });

  it('checks each item against the trades before it: the fourth buy of a 3 USDC daily cap is refused', async () => {
    const trader = await chainKit.createTrader({ dailySpendLimit: 3n * USDC });
    const response = await postBatch(trader, [buy('1'), buy('1'), buy('1'), buy('1')]);
    const results = resultsOf(response);
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 409]);
    expect(results[3]?.error).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'daily_volume' } });
  });

  it.each([
    ['no items', { trades: [] }],
    ['21 items', { trades: Array(21).fill({}) }],
    ['no trades member', {}],
    ['trades that is not an array', { trades: { 0: {} } }],
    ['an item that is not an object', { trades: ['buy'] }],
    ['another member', { trades: [{}], dryRun: true }],
  ])('refuses a batch with %s as a whole (400), creating nothing', async (_, body) => {
    const trader = await chainKit.createTrader();
    const response = await callAs(chainKit.kit, trader, 'POST', '/v1/trades/batch', { body });
    expectDescribed(spec, response, 'createTradeBatch', 400, 'VALIDATION_FAILED');
    expect(await tradesOfKey(trader)).toHaveLength(0);
  });

  it('draws one token per item, all or none: a batch larger than what is left is 429 and creates nothing', async () => {
    const trader = await chainKit.createTrader({ rateLimitRpm: 10 });
    const six = await postBatch(
      trader,
      Array.from({ length: 6 }, () => buy('1')),
    );
    expect([six.status, six.headers.get('x-ratelimit-remaining')]).toEqual([200, '4']);

    const five = await postBatch(
      trader,
      Array.from({ length: 5 }, () => buy('1')),
    );
    expectProblemCode(five, 429, 'RATE_LIMIT_EXCEEDED');
    expect(five.json.detail).toContain('A batch of 5 trades draws 5 tokens');
    expect(Number(five.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const four = await postBatch(
      trader,
      Array.from({ length: 4 }, () => buy('1')),
    );
    expect([four.status, four.headers.get('x-ratelimit-remaining')]).toEqual([200, '0']);
    expect(await tradesOfKey(trader)).toHaveLength(10);

    // More items than the bucket ever holds: no wait would admit it, so it is refused as the request's fault.
    const tooBig = await postBatch(
      trader,
      Array.from({ length: 11 }, () => buy('1')),
    );
    expectProblemCode(tooBig, 400, 'VALIDATION_FAILED');
    expect(tooBig.json.detail).toContain('send at most 10 trades per batch');
    expect(await tradesOfKey(trader)).toHaveLength(10);
  });

  it('replays the whole batch under its Idempotency-Key, and refuses the key for another batch or route', async () => {
    const trader = await chainKit.createTrader({ perTradeLimit: 10n * USDC });
    const key = randomUUID();
    const items = [buy('1'), buy('11'), buy('2', { limitPrice: '0.9' })];
    const first = await postBatch(trader, items, { 'Idempotency-Key': key });
    const again = await postBatch(trader, [buy('1.0'), buy('11'), buy('2', { limitPrice: '0.90' })], {
      'Idempotency-Key': key,
    });

    expect(again.status).toBe(200);
    expect(again.json._meta).toMatchObject({ idempotent: true });
    const [firstResults, replayed] = [resultsOf(first), resultsOf(again)];
    expect(replayed.map((result) => result.status)).toEqual([201, 409, 201]);
    expect(replayed.map((result) => result.trade?.id)).toEqual(firstResults.map((result) => result.trade?.id));
    expect(replayed[0]?.idempotent).toBe(true);
    expect(replayed[1]?.error).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
    expect(await tradesOfKey(trader)).toHaveLength(2);

    expectProblemCode(await postBatch(trader, [buy('1')], { 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_CONFLICT');
    const single = await chainKit.postTrade(trader, buy('1'), { 'Idempotency-Key': key });
    expectProblemCode(single, 409, 'IDEMPOTENCY_KEY_CONFLICT');
    const singleKey = randomUUID();
    expect((await chainKit.postTrade(trader, buy('1'), { 'Idempotency-Key': singleKey })).status).toBe(201);
    expectProblemCode(
      await postBatch(trader, [buy('1')], { 'Idempotency-Key': singleKey }),
      409,
      'IDEMPOTENCY_KEY_CONFLICT',
    );
    expect(await tradesOfKey(trader)).toHaveLength(3);
  });

  it('writes the items in one transaction, at one instant, with their jobs enqueued in item order', async () => {
    const trader = await chainKit.createTrader();
    const results = resultsOf(await postBatch(trader, [buy('1'), buy('2'), buy('3')]));
    const ids = results.map((result) => result.trade!.id);
    const rows = await db()('trades').whereIn('id', ids).select('id', 'created_at');
    expect(new Set(rows.map((row) => new Date(row.created_at).getTime())).size).toBe(1);
    const jobs = (await Promise.all(ids.map((id) => chainKit.tradeJobs(id)))).map(([job]) => Number(job!.id));
    expect(jobs).toEqual([...jobs].sort((a, b) => a - b));
  });

  it('takes 20 items each carrying the largest metadata a single trade takes, and refuses a body over 1,280 KiB', async () => {
    const trader = await chainKit.createTrader({ rateLimitRpm: 600 });
    // 10 keys of 64 characters, each with a 500-character value: about 5.9 KB per item, 118 KB for 20.
    const metadata = (item: number) =>
      Object.fromEntries(Array.from({ length: 10 }, (_, key) => [`${item}-${key}`.padEnd(64, 'k'), 'v'.repeat(500)]));
    const items = Array.from({ length: MAX_BATCH_TRADES }, (_, item) => buy('1', { metadata: metadata(item) }));
    expect(JSON.stringify({ trades: items }).length).toBeGreaterThan(64 * 1024);
    const response = await postBatch(trader, items);
    expect(response.status).toBe(200);
    expect(resultsOf(response).map((result) => result.status)).toEqual(Array(MAX_BATCH_TRADES).fill(201));

    const huge = await callAs(chainKit.kit, trader, 'POST', '/v1/trades/batch', {
      rawBody: JSON.stringify({ trades: [buy('1', { note: 'x'.repeat(1_310_720) })] }),
    });
    expectProblemCode(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('declares the batch bound the rate limiter draws to', () => {
    const schema = tradingApiDocument().components?.schemas?.CreateTradeBatchRequest as {
      properties: { trades: { maxItems: number } };
    };
    expect(schema.properties.trades.maxItems).toBe(MAX_BATCH_TRADES);
  });
});
