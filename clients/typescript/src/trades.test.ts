/* client.trades against the running stack: the trading API, RabbitMQ, Redis, MariaDB, anvil and the executor. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startClientStack, type ClientStack } from './testing/client-stack-kit.js';
import { startResponseDroppingProxy } from './testing/response-dropping-proxy.js';
import { ForetellApiError, idempotencyKeyOf } from './errors.js';

let stack: ClientStack;

beforeAll(async () => {
  stack = await startClientStack();
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

const tradesOf = (userId: string) => stack.db('trades').where({ user_id: userId }).select('id', 'status');

describe('trades.create', () => {
  it('retries a request whose answer was lost with the same Idempotency-Key: exactly one trade exists', async () => {
    const proxy = await startResponseDroppingProxy(stack.url, 1);
    try {
      const client = stack.clientOf(stack.trader, { baseUrl: proxy.url });
      const created = await client.trades.create({
        marketId: stack.marketId,
        outcomeIndex: 0,
        amount: '2.5',
        side: 'buy',
      });

      expect(proxy.dropped).toBe(1);
      // The second attempt was answered from the first one's record, not traded again.
      expect(created.idempotent).toBe(true);
      expect(created.trade).toMatchObject({ marketId: stack.marketId, amount: '2.5', side: 'buy' });
      const rows = await tradesOf(stack.trader.userId);
      expect(rows.map((row: { id: string }) => row.id)).toEqual([created.trade.id]);

      // waitFor follows it on the waiting read until the executor has settled it on chain.
      const settled = await client.trades.waitFor(created.trade.id, { timeoutMs: 60_000 });
      expect(settled).toMatchObject({ id: created.trade.id, status: 'completed', errorCode: null });
      expect(settled.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(BigInt(settled.tokensOut ?? '0')).toBeGreaterThan(0n);
    } finally {
      await proxy.close();
    }
  }, 90_000);

  it('gives the Idempotency-Key with the error when every attempt lost its answer, and that key retries the trade without trading twice', async () => {
    const caller = await stack.chain.createTrader();
    const proxy = await startResponseDroppingProxy(stack.url, 2);
    const body = { marketId: stack.marketId, outcomeIndex: 1, amount: '1.5', side: 'buy' } as const;
    try {
      const lossy = stack.clientOf(caller, { baseUrl: proxy.url, retry: { maxAttempts: 2, initialDelayMs: 10 } });
      const thrown = await lossy.trades.create(body).catch((error: unknown) => error);

      expect(proxy.dropped).toBe(2);
      const idempotencyKey = idempotencyKeyOf(thrown);
      expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      const again = await stack.clientOf(caller).trades.create(body, { idempotencyKey });
      expect(again.idempotent).toBe(true);
      const rows = await tradesOf(caller.userId);
      expect(rows.map((row: { id: string }) => row.id)).toEqual([again.trade.id]);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('signs the body when asked, and the server accepts the signature', async () => {
    const signatures: string[] = [];
    const caller = await stack.chain.createTrader();
    const client = stack.clientOf(caller, {
      signRequests: true,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('X-Forwarded-For', caller.ip);
        signatures.push(headers.get('x-service-signature') ?? '');
        return fetch(input, { ...init, headers });
      },
    });

    const created = await client.trades.create({ marketId: stack.marketId, outcomeIndex: 1, amount: '1', side: 'buy' });

    expect(created.idempotent).toBe(false);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatch(/^t=\d{13},v1=[0-9a-f]{64}$/);
    expect((await tradesOf(caller.userId)).map((row: { id: string }) => row.id)).toEqual([created.trade.id]);
  }, 60_000);

  it('surfaces a refusal as ForetellApiError with the problem body', async () => {
    const client = stack.clientOf(stack.trader);

    const refusal = await client.trades
      .create({ marketId: stack.marketId, outcomeIndex: 0, amount: 'ten', side: 'buy' })
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ForetellApiError);
    expect(refusal).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', requestId: expect.any(String) });
  });
  it('surfaces a 503 whose Retry-After exceeds the retry cap at once, with retryAfterMs, and trades nothing', async () => {
    const caller = await stack.chain.createTrader();
    let attempts = 0;
    const client = stack.clientOf(caller, {
      fetch: (input, init) => {
        attempts += 1;
        const headers = new Headers(init?.headers);
        headers.set('X-Forwarded-For', caller.ip);
        return fetch(input, { ...init, headers });
      },
    });
    stack.chain.kit.switches.set(['POST /v1/trades']);
    try {
      const refusal = await client.trades
        .create({ marketId: stack.marketId, outcomeIndex: 0, amount: '1', side: 'buy' })
        .catch((error: unknown) => error);

      expect(refusal).toBeInstanceOf(ForetellApiError);
      expect(refusal).toMatchObject({ status: 503, code: 'ROUTE_DISABLED', retryAfterMs: 60_000 });
      expect(attempts).toBe(1);
      expect(await tradesOf(caller.userId)).toEqual([]);
    } finally {
      stack.chain.kit.switches.set([]);
    }
  });
});

describe('trades.waitFor', () => {
  it('parks on the waiting read while a high-value trade awaits confirmation, and returns it completed', async () => {
    const caller = await stack.chain.createTrader({ highValueThreshold: 20_000_000n, confirmationWindowS: 30 });
    const waitingReads: number[] = [];
    let parked: () => void = () => undefined;
    const firstWaitSent = new Promise<void>((resolve) => (parked = resolve));
    const client = stack.clientOf(caller, {
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('X-Forwarded-For', caller.ip);
        const waiting = headers.has('prefer');
        if (waiting) parked();
        const response = await fetch(input, { ...init, headers });
        if (waiting) waitingReads.push(response.status);
        return response;
      },
    });
    const created = await client.trades.create({
      marketId: stack.marketId,
      outcomeIndex: 0,
      amount: '20',
      side: 'buy',
    });
    expect(created.trade.status).toBe('pending_confirmation');

    const settled = client.trades.waitFor(created.trade.id, { timeoutMs: 60_000 });
    await firstWaitSent;
    await client.trades.confirm(created.trade.id, created.confirmation?.token ?? '');

    expect(await settled).toMatchObject({ id: created.trade.id, status: 'completed' });
    // The parked read was answered by the change (200), not by its wait running out (304).
    expect(waitingReads[0]).toBe(200);
  }, 90_000);

  it('returns at once a trade that is already terminal', async () => {
    const caller = await stack.chain.createTrader();
    const client = stack.clientOf(caller);
    const created = await client.trades.create({ marketId: stack.marketId, outcomeIndex: 0, amount: '1', side: 'buy' });
    const settled = await client.trades.waitFor(created.trade.id, { timeoutMs: 60_000 });
    expect(settled).toMatchObject({ id: created.trade.id, status: 'completed' });

    const trade = await client.trades.waitFor(created.trade.id);
    expect(trade).toMatchObject({ id: created.trade.id, status: 'completed', txHash: settled.txHash });
  }, 90_000);
});

describe('trades.cancel', () => {
  it('cancels a trade awaiting confirmation, and refuses one that completed with TRADE_NOT_CANCELLABLE', async () => {
    const caller = await stack.chain.createTrader({ highValueThreshold: 20_000_000n, confirmationWindowS: 30 });
    const client = stack.clientOf(caller);
    const waiting = await client.trades.create({
      marketId: stack.marketId,
      outcomeIndex: 0,
      amount: '20',
      side: 'buy',
    });
    expect(await client.trades.cancel(waiting.trade.id)).toMatchObject({
      id: waiting.trade.id,
      status: 'rejected',
      errorCode: 'TRADE_CANCELLED',
    });

    const done = await client.trades.create({ marketId: stack.marketId, outcomeIndex: 0, amount: '1', side: 'buy' });
    await client.trades.waitFor(done.trade.id, { timeoutMs: 60_000 });
    const refusal = await client.trades.cancel(done.trade.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ForetellApiError);
    expect(refusal).toMatchObject({ status: 409, code: 'TRADE_NOT_CANCELLABLE', extensions: { status: 'completed' } });
  }, 90_000);
});

describe('trades.batch', () => {
  it('retries a batch whose answer was lost under its one key: each item answered once, refusals in place', async () => {
    const proxy = await startResponseDroppingProxy(stack.url, 1);
    try {
      const caller = await stack.chain.createTrader();
      const client = stack.clientOf(caller, { baseUrl: proxy.url });
      const item = { marketId: stack.marketId, outcomeIndex: 0, side: 'buy' as const };
      const batch = await client.trades.batch([
        { ...item, amount: '1' },
        { ...item, amount: '2', limitPrice: '0.95' },
        { ...item, amount: '0' },
      ]);

      expect(proxy.dropped).toBe(1);
      expect(batch.idempotent).toBe(true);
      expect(batch.results.map((result) => result.status)).toEqual([201, 201, 400]);
      expect(batch.results[1]?.trade).toMatchObject({ amount: '2', limitPrice: '0.95' });
      expect(batch.results[2]?.error).toMatchObject({ code: 'VALIDATION_FAILED' });
      const rows = await tradesOf(caller.userId);
      expect(rows.map((row: { id: string }) => row.id).sort()).toEqual(
        batch.results.flatMap((result) => (result.trade ? [result.trade.id] : [])).sort(),
      );
      const settled = await client.trades.waitFor(batch.results[0]!.trade!.id, { timeoutMs: 60_000 });
      expect(settled.status).toBe('completed');
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
