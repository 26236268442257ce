/* POST /v1/trades against real MariaDB and anvil: body rules, markets, caps, funds, outbox and trace. */
import { describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { USDC } from '#tooling/testing/chain-test-fixtures.js';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import {
  addCallerKey,
  addKey,
  callAs,
  createCaller,
  insertTestMarket,
  NO_WEBHOOK_DELIVERY_YET,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';
import { type TradingChainKit } from '#tooling/kits/trading-api/trading-chain-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();

const db = () => chainKit.kit.database.db;
const buy = (amount: string, extra: Record<string, unknown> = {}) => chainKit.buyBody(amount, extra);
const post = (...args: Parameters<TradingChainKit['postTrade']>) => chainKit.postTrade(...args);
/** Outcome-0 tokens for `usdc` in the trader's account, bought on-chain past the API (no trade row, no cap). */
const holdOutcomeTokens = (trader: { account: Address }, usdc: bigint) =>
  chainKit.buyOnChain(trader.account, { outcomeIndex: 0, usdcIn: usdc });

describe('POST /v1/trades', () => {
  it('creates a pending buy (201) with its trace and the executor’s job in the outbox, one transaction', async () => {
    const trader = await chainKit.createTrader();
    const response = await post(trader, buy('12.50', { clientRequestId: 'bot:1', metadata: { b: '2', a: '1' } }));
    expectDescribed(spec, response, 'createTrade', 201);
    const trade = response.json.trade as Record<string, unknown>;
    expect(response.json.data).toEqual(trade);
    expect(trade).toMatchObject({
      marketId: chainKit.marketId,
      outcomeIndex: 0,
      amount: '12.5',
      side: 'buy',
      status: 'pending',
      clientRequestId: 'bot:1',
      txHash: null,
      tokensOut: null,
      metadata: { a: '1', b: '2' },
    });
    expect(response.json._meta).toMatchObject({ idempotent: false });
    const row = await db()('trades').where({ id: trade.id }).first();
    expect(String(row.amount_atomic)).toBe('12500000');
    const steps = await listTradeEvents(db(), String(trade.correlationId));
    expect(steps.map((step) => step.type)).toEqual(['trade.created', 'trade.queued']);
    const outbox = await chainKit.tradeJobs(String(trade.id));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ exchange: 'trades', routing_key: 'buy' });
  });

  it('answers a new trade’s webhook delivery state from its key: none with a webhook URL, null without', async () => {
    const [withUrl, without] = await Promise.all([
      chainKit.createTrader({ webhookUrl: 'https://bot.example/hooks' }),
      chainKit.createTrader(),
    ]);
    const [hooked, plain] = await Promise.all([post(withUrl, buy('1')), post(without, buy('1'))]);
    expect([hooked.status, plain.status]).toEqual([201, 201]);
    expect((hooked.json.trade as Record<string, unknown>).webhookDelivery).toEqual(NO_WEBHOOK_DELIVERY_YET);
    expect((plain.json.trade as Record<string, unknown>).webhookDelivery).toBeNull();
    // The same answers a read gives.
    const read = await callAs(
      chainKit.kit,
      withUrl,
      'GET',
      `/v1/trades/${String((hooked.json.trade as { id: string }).id)}`,
    );
    expect((read.json.trade as Record<string, unknown>).webhookDelivery).toEqual(
      (hooked.json.trade as Record<string, unknown>).webhookDelivery,
    );
  });

  it.each([
    ['too many decimals', { amount: '1.1234567' }],
    ['zero', { amount: '0' }],
    ['zero with decimals', { amount: '0.000000' }],
    ['a number instead of a string', { amount: 5 }],
    ['an unknown side', { side: 'hold' }],
    ['a negative outcome', { outcomeIndex: -1 }],
    ['a bad clientRequestId', { clientRequestId: 'has space' }],
    ['eleven metadata keys', { metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])) }],
    ['a non-string metadata value', { metadata: { a: 1 } }],
    ['an unknown member', { price: '0.5' }],
    ['an empty clientRequestId', { clientRequestId: '' }],
    ['a clientRequestId of 129 characters', { clientRequestId: 'c'.repeat(129) }],
    ['an empty metadata key', { metadata: { '': 'v' } }],
    ['a metadata key of 65 characters', { metadata: { ['k'.repeat(65)]: 'v' } }],
    ['a metadata key with a colon', { metadata: { 'tag:x': 'v' } }],
    ['a metadata key with a space', { metadata: { 'a b': 'v' } }],
    ['a metadata value of 501 characters', { metadata: { a: 'v'.repeat(501) } }],
  ])('refuses %s with 400 VALIDATION_FAILED and creates nothing', async (_name, change) => {
    const trader = await chainKit.createTrader();
    const response = await post(trader, { ...buy('1'), ...change });
    expectProblemCode(response, 400, 'VALIDATION_FAILED');
    expect(await db()('trades').where({ user_id: trader.userId })).toHaveLength(0);
  });

  it('accepts ten metadata keys, a 64-character key, a 500-character value and a 128-character clientRequestId', async () => {
    const trader = await chainKit.createTrader();
    const longKey = `Az09_-.${'k'.repeat(57)}`;
    const metadata = {
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, 'v'])),
      [longKey]: 'v',
      long: 'é'.repeat(500),
    };
    const clientRequestId = `Az09_-:.${'c'.repeat(120)}`;
    expect([longKey.length, clientRequestId.length, Object.keys(metadata).length]).toEqual([64, 128, 10]);
    const response = await post(trader, buy('1', { clientRequestId, metadata }));
    expect(response.status).toBe(201);
    expect(response.json.trade).toMatchObject({ clientRequestId, metadata });
    const read = await callAs(chainKit.kit, trader, 'GET', `/v1/trades/${(response.json.trade as { id: string }).id}`);
    expect(read.json.trade).toMatchObject({ clientRequestId, metadata });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown market and 400 for an outcome the market lacks', async () => {
    const trader = await chainKit.createTrader();
    const unknown = await post(trader, buy('1', { marketId: randomUUID() }));
    expectProblemCode(unknown, 404, 'RESOURCE_NOT_FOUND');
    const outcome = await post(trader, buy('1', { outcomeIndex: 2 }));
    expectProblemCode(outcome, 400, 'VALIDATION_FAILED');
  });

  it.each(['FROZEN', 'RESOLVED', 'CANCELLED'] as const)(
    'answers 422 MARKET_NOT_TRADEABLE on a %s market',
    async (status) => {
      const trader = await chainKit.createTrader();
      const market = await insertTestMarket(db(), {
        status,
        contractAddress: `0x${randomBytes(20).toString('hex')}`,
        chainId: chainKit.fixture.reader.chain.id,
      });
      const response = await post(trader, buy('1', { marketId: market.id }));
      expectDescribed(spec, response, 'createTrade', 422, 'MARKET_NOT_TRADEABLE');
    },
  );

  it.each([
    ['has no contract', () => ({ contractAddress: null }), 'is not on chain'],
    ['is on another chain', () => ({ chainId: chainKit.fixture.reader.chain.id + 1 }), 'is on another chain'],
    [
      'is past its end time',
      () => ({ endTime: new Date(chainKit.kit.clock.now() - 60_000) }),
      'has closed for trading',
    ],
  ] as const)(
    'answers 422 MARKET_NOT_TRADEABLE on an open market that %s and creates nothing',
    async (_name, change, why) => {
      const trader = await chainKit.createTrader();
      const market = await insertTestMarket(db(), {
        status: 'OPEN',
        contractAddress: `0x${randomBytes(20).toString('hex')}`,
        chainId: chainKit.fixture.reader.chain.id,
        ...change(),
      });
      const response = await post(trader, buy('1', { marketId: market.id }));
      expectProblemCode(response, 422, 'MARKET_NOT_TRADEABLE');
      expect(response.json.detail).toBe(`Market ${market.id} ${why}.`);
      expect(spec.errors(response.json, 'createTrade', 422)).toEqual([]);
      expect(await db()('trades').where({ user_id: trader.userId })).toHaveLength(0);
    },
  );

  it('answers concurrent POSTs of several traders each with its own trade, and a refused one with its own error', async () => {
    const traders = await Promise.all(
      Array.from({ length: 8 }, (_, index) => chainKit.createTrader(index === 3 ? { perTradeLimit: 1n * USDC } : {})),
    );
    const responses = await Promise.all(
      traders.map((trader, index) => post(trader, buy(index === 3 ? '2' : `1.${index + 1}`))),
    );

    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 409, 201, 201, 201, 201]);
    expect(responses[3]!.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
    const created = responses.filter((response) => response.status === 201);
    for (const [index, response] of responses.entries()) {
      if (index === 3) continue;
      expect(response.json.trade).toMatchObject({ amount: `1.${index + 1}`, status: 'pending' });
    }
    const ids = created.map((response) => String((response.json.trade as { id: string }).id));
    expect(new Set(ids).size).toBe(7);
    const rows = await db()('trades').whereIn('id', ids).select('id', 'user_id');
    expect(rows.map((row: { user_id: string }) => row.user_id).sort()).toEqual(
      traders
        .filter((_, index) => index !== 3)
        .map((trader) => trader.userId)
        .sort(),
    );
    expect(await db()('trades').where({ user_id: traders[3]!.userId })).toEqual([]);
    const jobs = await db()('outbox')
      .where({ exchange: 'trades' })
      .whereRaw(`JSON_UNQUOTE(JSON_EXTRACT(payload, '$.tradeId')) IN (${ids.map(() => '?').join(', ')})`, ids);
    expect(jobs).toHaveLength(7);
  });

  it('applies the per-trade cap to buys and sells with extensions.cap per_trade', async () => {
    const trader = await chainKit.createTrader({ perTradeLimit: 10n * USDC });
    const atCap = await post(trader, buy('10'));
    expect(atCap.status).toBe(201);
    const over = await post(trader, buy('10.000001'));
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
    const sell = await post(trader, { ...buy('11'), side: 'sell' });
    expect(sell.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
  });

  it('answers an amount of any length the format allows with the per-trade cap, beyond what any cap can be', async () => {
    const trader = await chainKit.createTrader();
    const huge = `${'9'.repeat(25)}.999999`;
    expect(huge).toHaveLength(32);
    const response = await post(trader, buy(huge));
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'per_trade' } });
    expect(spec.errors(response.json, 'createTrade', 409)).toEqual([]);
    const tooLong = await post(trader, buy(`1${huge}`));
    expect(tooLong.status).toBe(400);
    expect(await db()('trades').where({ user_id: trader.userId })).toHaveLength(0);
  });

  it('applies the rolling 24 h daily cap to buys only, per key, and frees it as the window rolls', async () => {
    const trader = await chainKit.createTrader({ dailySpendLimit: 20n * USDC });
    expect((await post(trader, buy('8'))).status).toBe(201);
    expect((await post(trader, buy('8'))).status).toBe(201);
    const third = await post(trader, buy('8'));
    expect(third.status).toBe(409);
    expect(third.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'daily_volume' } });
    // Failed and rejected buys do not count; the window rolls on the app's clock.
    await db()('trades').where({ api_key_id: trader.record.id }).limit(1).update({ status: 'failed' });
    expect((await post(trader, buy('8'))).status).toBe(201);
    chainKit.kit.clock.advance(24 * 60 * 60 * 1000 + 1_000);
    try {
      expect((await post(trader, buy('8'))).status).toBe(201);
    } finally {
      chainKit.kit.clock.advance(-(24 * 60 * 60 * 1000 + 1_000));
    }
  });

  it('lets a key at its daily cap still sell a position it holds, not draw the sell on the cap, and refuses one more buy', async () => {
    const trader = await chainKit.createTrader({ dailySpendLimit: 20n * USDC });
    await holdOutcomeTokens(trader, 20n * USDC);
    expect((await post(trader, buy('20'))).status).toBe(201);
    const sell = await post(trader, { ...buy('8'), side: 'sell' });
    expect(sell.status).toBe(201);
    expect(sell.json.trade).toMatchObject({ side: 'sell', amount: '8', status: 'pending' });
    const more = await post(trader, buy('0.000001'));
    expect(more.status).toBe(409);
    expect(more.json).toMatchObject({
      code: 'SPENDING_LIMIT_EXCEEDED',
      extensions: { cap: 'daily_volume', limit: '20', used: '20' },
    });
    // With the buy failed, the pending sell leaves the whole cap free.
    await db()('trades').where({ api_key_id: trader.record.id, side: 'buy' }).update({ status: 'failed' });
    expect((await post(trader, buy('20'))).status).toBe(201);
  });

  it('gives each key of one user its own daily cap: a second key buys while the first is at its cap', async () => {
    const first = await chainKit.createTrader({ dailySpendLimit: 10n * USDC });
    const second = await addCallerKey(chainKit.kit, first, { dailySpendLimit: 10n * USDC });
    expect((await post(first, buy('10'))).status).toBe(201);
    expect((await post(first, buy('1'))).json).toMatchObject({
      code: 'SPENDING_LIMIT_EXCEEDED',
      extensions: { cap: 'daily_volume' },
    });
    const other = await post(second, buy('10'));
    expect(other.status).toBe(201);
    expect(other.json.trade).toMatchObject({ amount: '10', status: 'pending' });
    expect((await post(second, buy('1'))).json).toMatchObject({
      code: 'SPENDING_LIMIT_EXCEEDED',
      extensions: { cap: 'daily_volume' },
    });
    const rows = await db()('trades').where({ user_id: first.userId }).select('api_key_id');
    expect(rows.map((row: { api_key_id: string }) => row.api_key_id).sort()).toEqual(
      [first.record.id, second.record.id].sort(),
    );
  });

  it.each([
    ['rejected', 201, { trade: { amount: '10', status: 'pending' } }],
    ['completed', 409, { code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'daily_volume' } }],
  ] as const)('after a %s buy that filled the daily cap, answers the next buy %d', async (status, expected, body) => {
    const trader = await chainKit.createTrader({ dailySpendLimit: 10n * USDC });
    const placed = await post(trader, buy('10'));
    expect(placed.status).toBe(201);
    await db()('trades')
      .where({ id: (placed.json.trade as { id: string }).id })
      .update({ status });
    const next = await post(trader, buy('10'));
    expect(next.status).toBe(expected);
    expect(next.json).toMatchObject(body);
  });

  it('never lets concurrent buys pass the daily cap', async () => {
    const trader = await chainKit.createTrader({ dailySpendLimit: 50n * USDC });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(trader, buy('5'))));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(10);
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expect(refused.json).toMatchObject({ code: 'SPENDING_LIMIT_EXCEEDED', extensions: { cap: 'daily_volume' } });
    }
    expect(await db()('trades').where({ api_key_id: trader.record.id })).toHaveLength(10);
  });

  it('never lets concurrent buys of two keys of one user spend more USDC than the account holds', async () => {
    const trader = await chainKit.createTrader({ fundingUsdc: 30n });
    const callers = [trader, { ...trader, key: await addKey(chainKit.kit, trader) }];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(callers[i % 2]!, buy('5'))));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(6);
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expect(refused.json.code).toBe('INSUFFICIENT_BALANCE');
    }
  });

  it('answers 409 INSUFFICIENT_BALANCE for a buy above the account’s USDC, a sell without tokens, and no account', async () => {
    const poor = await chainKit.createTrader({ fundingUsdc: 5n });
    expect((await post(poor, buy('5.000001'))).json.code).toBe('INSUFFICIENT_BALANCE');
    expect((await post(poor, { ...buy('1'), side: 'sell' })).json.code).toBe('INSUFFICIENT_BALANCE');
    const noAccount = await createCaller(chainKit.kit);
    const response = await post(noAccount, buy('1'));
    expectDescribed(spec, response, 'createTrade', 409, 'INSUFFICIENT_BALANCE');
  });

  it('accepts a sell the position covers, counting unfinished sells of the same outcome, and refuses one it does not', async () => {
    const trader = await chainKit.createTrader();
    await holdOutcomeTokens(trader, 20n * USDC);
    const sell = (amount: string) => post(trader, { ...buy(amount), side: 'sell' });
    const first = await sell('8');
    expect(first.status).toBe(201);
    expect(first.json.trade).toMatchObject({ side: 'sell', amount: '8', status: 'pending' });
    // 8 + 15 USDC out would need more tokens than 20 USDC bought (fees), counting the first, unfinished sell.
    const second = await sell('15');
    expectProblemCode(second, 409, 'INSUFFICIENT_BALANCE');
  });
});
