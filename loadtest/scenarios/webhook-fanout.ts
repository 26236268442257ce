/*
 * webhook-fanout: trades whose signed `trade.completed` events must reach a receiver. Each iteration places a trade
 * with one of the keys (several keys fan the events out over independent per-key queues), then long-polls the
 * receiver (tooling/testing/webhook-receiver.ts, LOADTEST_RECEIVER_URL) until the event has arrived. Delivery
 * time is measured on the load generator's own clock: POST sent → receiver has the verified event.
 */
import type { MarketsData, ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

interface ReceiverDeliveries {
  deliveries?: Array<{ eventId: string; type: string; verified: boolean; receivedAt: string }>;
}

const WAIT_MS = 30_000;

export function defineWebhookFanout(kit: ScenarioKit): ScenarioDefinition<MarketsData> {
  return {
    name: 'webhook-fanout',
    description: 'trades whose signed trade.completed events reach a webhook receiver; delivery time measured',
    metrics: { webhook_delivery_ms: 'trend', webhooks_delivered: 'rate' },
    thresholds: {
      ...kit.apiThresholds(400, 1000),
      webhooks_delivered: ['rate>0.99'],
      webhook_delivery_ms: ['p(95)<5000', 'p(99)<10000'],
    },
    load: { profile: 'ramp', rate: 5, hold: '1m', maxVUs: 120 },

    async setup(context, config) {
      const stats = await context.http.request({
        name: 'GET receiver /stats',
        method: 'GET',
        url: `${config.receiverUrl}/stats`,
        target: 'receiver',
      });
      if (stats.status !== 200) {
        throw new Error(
          `the webhook receiver at ${config.receiverUrl} answered ${stats.status} ${stats.error ?? ''}: start it ` +
            "(loadtest/README.md) and point the keys' webhook URL at it",
        );
      }
      return { markets: await kit.activeMarkets(context, config) };
    },

    async iteration(context, data, config) {
      const postedAt = context.now();
      const created = await context.http.request({
        name: 'POST /v1/trades',
        method: 'POST',
        url: `${config.tradingUrl}/v1/trades`,
        headers: kit.v1Headers(config, context.vu, {
          'Content-Type': 'application/json',
          'Idempotency-Key': kit.idempotencyKey('fanout', context),
        }),
        body: kit.tradeBody(kit.pick(data.markets), config.tradeAmount),
        expect: [201],
      });
      const tradeId = kit.tradeOf(created).trade?.id;
      if (!context.check(created, { 'trade answered 201': kit.status(201) }) || tradeId === undefined) return;

      const waited = await context.http.request({
        name: 'GET receiver /deliveries/{tradeId}',
        method: 'GET',
        url: `${config.receiverUrl}/deliveries/${tradeId}?type=trade.completed&waitMs=${WAIT_MS}`,
        target: 'receiver',
        expect: [200],
        timeoutMs: WAIT_MS + 5_000,
      });
      const deliveries = kit.jsonOf<ReceiverDeliveries>(waited)?.deliveries ?? [];
      const completed = deliveries.find((delivery) => delivery.type === 'trade.completed');
      const delivered = context.check(waited, {
        'trade.completed reached the receiver': () => completed !== undefined,
        'its signature verified': () => completed?.verified === true,
      });
      context.add('webhooks_delivered', delivered ? 1 : 0);
      if (completed !== undefined) context.add('webhook_delivery_ms', context.now() - postedAt);
      else
        context.log(`no trade.completed for trade ${tradeId} within ${WAIT_MS / 1000} s: ${waited.body.slice(0, 200)}`);
    },
  };
}
