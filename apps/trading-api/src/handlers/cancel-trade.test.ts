/* POST /v1/trades/{id}/cancel on a real chain, without an executor: what a cancel moves, records and refuses. */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { listWebhookEventsOfTrade } from '#shared/db/webhook-events/webhook-events.repository.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();
const db = () => chainKit.kit.database.db;

const cancel = (trader: TestCaller, id: string) => callAs(chainKit.kit, trader, 'POST', `/v1/trades/${id}/cancel`);

async function place(trader: TestCaller, amount: string) {
  const response = await chainKit.postTrade(trader, chainKit.buyBody(amount));
  return response.json.trade as { id: string; status: string };
}

describe('POST /v1/trades/{id}/cancel', () => {
  it('rejects a pending trade with TRADE_CANCELLED, its trace step and trade.rejected event, and answers a repeat the same', async () => {
    const trader = await chainKit.createTrader();
    const trade = await place(trader, '2');
    expect(trade.status).toBe('pending');

    const response = await cancel(trader, trade.id);
    expectDescribed(spec, response, 'cancelTrade', 200);
    expect(response.json.trade).toMatchObject({
      id: trade.id,
      status: 'rejected',
      errorCode: 'TRADE_CANCELLED',
      errorMessage: 'The trade was cancelled by its client before it was sent.',
    });
    const row = await db()('trades').where({ id: trade.id }).first();
    expect([row.status, row.error_code, row.finished_at === null]).toEqual(['rejected', 'TRADE_CANCELLED', false]);
    const steps = await listTradeEvents(db(), row.correlation_id);
    expect(steps.map((step) => step.type)).toContain('trade.rejected');
    expect(steps.find((step) => step.type === 'trade.rejected')?.data).toMatchObject({
      by: 'client',
      errorCode: 'TRADE_CANCELLED',
    });
    const events = await listWebhookEventsOfTrade(db(), trader.record.id, trade.id);
    expect(events.map((event) => event.type)).toEqual(['trade.rejected']);

    const again = await cancel(trader, trade.id);
    expect(again.status).toBe(200);
    expect(again.json.trade).toEqual(response.json.trade);
    expect(await listWebhookEventsOfTrade(db(), trader.record.id, trade.id)).toHaveLength(1);
  });

  it('cancels a high-value trade awaiting confirmation, whose token then no longer confirms it', async () => {
    const trader = await chainKit.createTrader({ highValueThreshold: 20_000_000n, confirmationWindowS: 30 });
    const placed = await chainKit.postTrade(trader, chainKit.buyBody('20'));
    const { id } = placed.json.trade as { id: string };
    const { token } = placed.json.confirmation as { token: string };
    expect((await cancel(trader, id)).json.trade).toMatchObject({ status: 'rejected', errorCode: 'TRADE_CANCELLED' });
    const confirm = await callAs(chainKit.kit, trader, 'POST', `/v1/trades/${id}/confirm`, { body: { token } });
    expectDescribed(spec, confirm, 'confirmTrade', 409, 'TRADE_NOT_AWAITING_CONFIRMATION');
  });

  it.each(['executing', 'completed', 'failed'])(
    'answers 409 TRADE_NOT_CANCELLABLE with the status once the trade is %s, changing nothing',
    async (status) => {
      const trader = await chainKit.createTrader();
      const trade = await place(trader, '1');
      await db()('trades').where({ id: trade.id }).update({ status });
      const response = await cancel(trader, trade.id);
      expectDescribed(spec, response, 'cancelTrade', 409, 'TRADE_NOT_CANCELLABLE');
      expect(response.json.extensions).toMatchObject({ status });
      expect((await db()('trades').where({ id: trade.id }).first()).status).toBe(status);
    },
  );

  it("answers 404 for another user's trade and an unknown id, and draws from the trade token bucket", async () => {
    // A bucket of 10 refills one token in 6 s: the draw shows, however slow the machine is between the calls.
    const owner = await chainKit.createTrader({ rateLimitRpm: 10 });
    const trade = await place(owner, '1');
    const stranger = await chainKit.createTrader();
    expectDescribed(spec, await cancel(stranger, trade.id), 'cancelTrade', 404, 'RESOURCE_NOT_FOUND');
    const unknown = await cancel(owner, randomUUID());
    expectDescribed(spec, unknown, 'cancelTrade', 404, 'RESOURCE_NOT_FOUND');
    const remaining = Number(unknown.headers.get('x-ratelimit-remaining'));
    const next = await cancel(owner, trade.id);
    expect(Number(next.headers.get('x-ratelimit-remaining'))).toBeLessThan(remaining);
    expect((await db()('trades').where({ id: trade.id }).first()).status).toBe('rejected');
  });
});
