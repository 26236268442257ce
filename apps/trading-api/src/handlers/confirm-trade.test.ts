/* High-value trades: the 202, its event, and POST /v1/trades/{id}/confirm with every refusal, on a real chain. */
import { describe, expect, it } from '@jest/globals';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { listWebhookEventsOfTrade } from '#shared/db/webhook-events/webhook-events.repository.js';
import { parseJsonColumn } from '#shared/db/transaction.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { callAs, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectDescribed, expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const chainKit = useTradingChainKit();
const spec = createResponseValidator();

const db = () => chainKit.kit.database.db;
const highValueTrader = () => chainKit.createTrader({ highValueThreshold: 20_000_000n, confirmationWindowS: 30 });

async function placeHighValue(trader: TestCaller) {
  const response = await callAs(chainKit.kit, trader, 'POST', '/v1/trades', {
    body: { marketId: chainKit.marketId, outcomeIndex: 0, amount: '20', side: 'buy' },
  });
  expect(response.status).toBe(202);
  const trade = response.json.trade as { id: string; correlationId: string; status: string };
  const confirmation = response.json.confirmation as { token: string; expiresAt: string };
  return { response, trade, confirmation };
}

const confirm = (trader: TestCaller, id: string, token: string) =>
  callAs(chainKit.kit, trader, 'POST', `/v1/trades/${id}/confirm`, { body: { token } });

describe('a trade at or above the high-value threshold', () => {
  it('answers 202 pending_confirmation with a one-time token and records trade.confirmation-required without it', async () => {
    const trader = await highValueTrader();
    const { response, trade, confirmation } = await placeHighValue(trader);
    expect(trade.status).toBe('pending_confirmation');
    expect(confirmation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      Date.parse(confirmation.expiresAt) - Date.parse(String((response.json.trade as { createdAt: string }).createdAt)),
    ).toBe(30_000);
    const events = await listWebhookEventsOfTrade(db(), trader.record.id, trade.id);
    expect(events.map((event) => [event.type, event.status])).toEqual([['trade.confirmation-required', 'none']]);
    expect(JSON.stringify(events[0]!.payload)).not.toContain(confirmation.token);
    expect(events[0]!.payload).toMatchObject({
      data: { status: 'pending_confirmation', confirmationExpiresAt: confirmation.expiresAt },
    });
    const row = await db()('trades').where({ id: trade.id }).first();
    expect(row.confirmation_token_hash).not.toContain(confirmation.token);
    // Not queued for execution until confirmed.
    expect(await chainKit.tradeJobs(trade.id)).toHaveLength(0);
  });

  it('with a webhook URL on the key, records trade.confirmation-required as pending and queues it for the dispatcher', async () => {
    const trader = await chainKit.createTrader({
      highValueThreshold: 20_000_000n,
      confirmationWindowS: 30,
      webhookUrl: 'https://bot.example/hooks',
    });
    const { response, trade, confirmation } = await placeHighValue(trader);
    expect(spec.errors(response.json, 'createTrade', 202)).toEqual([]);
    expect((response.json.trade as Record<string, unknown>).webhookDelivery).toMatchObject({
      status: 'pending',
      attempts: 0,
      terminalFailureAt: null,
    });
    const events = await listWebhookEventsOfTrade(db(), trader.record.id, trade.id);
    expect(events.map((event) => [event.type, event.status])).toEqual([['trade.confirmation-required', 'pending']]);
    const eventId = events[0]!.id;
    expect(JSON.stringify(events[0]!.payload)).not.toContain(confirmation.token);
    const messages: Array<Record<string, unknown>> = await db()('outbox')
      .where({ exchange: 'events' })
      .whereRaw("JSON_UNQUOTE(JSON_EXTRACT(payload, '$.eventId')) = ?", [eventId]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ routing_key: 'trade.confirmation-required' });
    expect(parseJsonColumn(messages[0]!.payload)).toEqual({ eventId, apiKeyId: trader.record.id });
    const steps = await listTradeEvents(db(), trade.correlationId);
    expect(steps.find((step) => step.type === 'webhook.event_recorded')?.data).toMatchObject({
      eventId,
      eventType: 'trade.confirmation-required',
      delivery: 'pending',
    });
  });

  it('without a webhook URL on the key, queues no dispatcher message for trade.confirmation-required', async () => {
    const trader = await highValueTrader();
    const { trade } = await placeHighValue(trader);
    const events = await listWebhookEventsOfTrade(db(), trader.record.id, trade.id);
    expect(events.map((event) => event.status)).toEqual(['none']);
    expect(
      await db()('outbox')
        .where({ exchange: 'events' })
        .whereRaw("JSON_UNQUOTE(JSON_EXTRACT(payload, '$.eventId')) = ?", [events[0]!.id]),
    ).toHaveLength(0);
  });
});

describe('POST /v1/trades/{id}/confirm', () => {
  it('moves the trade to pending (200), queues it and traces the confirmation', async () => {
    const trader = await highValueTrader();
    const { trade, confirmation } = await placeHighValue(trader);
    const response = await confirm(trader, trade.id, confirmation.token);
    expectDescribed(spec, response, 'confirmTrade', 200);
    expect(response.json.trade).toMatchObject({ id: trade.id, status: 'pending' });
    expect(response.json._meta).toMatchObject({ idempotent: false });
    const steps = await listTradeEvents(db(), trade.correlationId);
    expect(steps.map((step) => step.type)).toEqual([
      'trade.created',
      'trade.confirmation_required',
      'webhook.event_recorded',
      'trade.confirmed',
      'trade.queued',
    ]);
    expect(await chainKit.tradeJobs(trade.id)).toHaveLength(1);
  });

  it('lets exactly one of two concurrent confirms succeed; the other and any later one see CONFIRMATION_TOKEN_USED', async () => {
    const trader = await highValueTrader();
    const { trade, confirmation } = await placeHighValue(trader);
    const both = await Promise.all([
      confirm(trader, trade.id, confirmation.token),
      confirm(trader, trade.id, confirmation.token),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.status === 409)!.json.code).toBe('CONFIRMATION_TOKEN_USED');
    const later = await confirm(trader, trade.id, confirmation.token);
    expect(later.json.code).toBe('CONFIRMATION_TOKEN_USED');
    expect(spec.errors(later.json, 'confirmTrade', 409)).toEqual([]);
  });

  it('refuses a wrong token with 409 CONFIRMATION_TOKEN_INVALID and leaves the trade waiting', async () => {
    const trader = await highValueTrader();
    const { trade, confirmation } = await placeHighValue(trader);
    const wrong = `${confirmation.token.slice(0, -1)}${confirmation.token.endsWith('A') ? 'B' : 'A'}`;
    const response = await confirm(trader, trade.id, wrong);
    expectProblemCode(response, 409, 'CONFIRMATION_TOKEN_INVALID');
    expect((await db()('trades').where({ id: trade.id }).first()).status).toBe('pending_confirmation');
  });

  it('answers 409 TRADE_NOT_AWAITING_CONFIRMATION for a trade that never needed one', async () => {
    const trader = await highValueTrader();
    const placed = await callAs(chainKit.kit, trader, 'POST', '/v1/trades', {
      body: { marketId: chainKit.marketId, outcomeIndex: 0, amount: '1', side: 'buy' },
    });
    const response = await confirm(trader, (placed.json.trade as { id: string }).id, 'x'.repeat(43));
    expectProblemCode(response, 409, 'TRADE_NOT_AWAITING_CONFIRMATION');
  });

  it('answers 404 for another user’s trade, even with the right token', async () => {
    const owner = await highValueTrader();
    const stranger = await highValueTrader();
    const { trade, confirmation } = await placeHighValue(owner);
    const response = await confirm(stranger, trade.id, confirmation.token);
    expectProblemCode(response, 404, 'RESOURCE_NOT_FOUND');
  });

  it('after the window: 409 CONFIRMATION_EXPIRED, the trade failed with trade.failed, and it stays expired', async () => {
    const trader = await highValueTrader();
    const { trade, confirmation } = await placeHighValue(trader);
    chainKit.kit.clock.advance(30_000);
    try {
      const response = await confirm(trader, trade.id, confirmation.token);
      expectProblemCode(response, 409, 'CONFIRMATION_EXPIRED');
      const row = await db()('trades').where({ id: trade.id }).first();
      expect(row).toMatchObject({ status: 'failed', error_code: 'CONFIRMATION_EXPIRED' });
      const events = await listWebhookEventsOfTrade(db(), trader.record.id, trade.id);
      expect(events.map((event) => event.type)).toEqual(['trade.confirmation-required', 'trade.failed']);
      expect((await confirm(trader, trade.id, confirmation.token)).json.code).toBe('CONFIRMATION_EXPIRED');
    } finally {
      chainKit.kit.clock.advance(-30_000);
    }
  });
});
