/*
 * confirm-flow: a high-value trade (LOADTEST_CONFIRM_AMOUNT, at or above the key's high-value threshold) answers 202
 * with a one-time token; a replay before confirmation answers 202 with the same trade and token; the confirm answers
 * 200 with the trade `pending`; a second confirm answers 409 CONFIRMATION_TOKEN_USED; a replay after confirmation
 * answers 200 with `_meta.idempotent` true (trading-api.md, Trades and Idempotency; DESIGN.md §6).
 */
import type { MarketsData, ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

export function defineConfirmFlow(kit: ScenarioKit): ScenarioDefinition<MarketsData> {
  return {
    name: 'confirm-flow',
    description: 'high-value trade → 202 with a confirmation token → replay → confirm → reused token → replay',
    metrics: { confirm_flow_ms: 'trend', confirmations_accepted: 'rate' },
    thresholds: {
      ...kit.apiThresholds(400, 1000),
      confirmations_accepted: ['rate>0.99'],
      confirm_flow_ms: ['p(95)<2000'],
    },
    load: { profile: 'ramp', rate: 4, hold: '1m', maxVUs: 40 },

    setup: kit.marketsSetup,

    async iteration(context, data, config) {
      const started = context.now();
      const headers = kit.v1Headers(config, context.vu, {
        'Content-Type': 'application/json',
        'Idempotency-Key': kit.idempotencyKey('confirm', context),
      });
      const post = {
        name: 'POST /v1/trades (high value)',
        method: 'POST' as const,
        url: `${config.tradingUrl}/v1/trades`,
        headers,
        body: kit.tradeBody(kit.pick(data.markets), config.confirmAmount),
        expect: [202],
      };
      const created = await context.http.request(post);
      const envelope = kit.tradeOf(created);
      const tradeId = envelope.trade?.id;
      const token = envelope.confirmation?.token;
      const awaiting = context.check(created, {
        'high-value trade answers 202 pending_confirmation': (r) =>
          r.status === 202 && envelope.trade?.status === 'pending_confirmation',
        'the 202 carries a confirmation token': () => typeof token === 'string' && token.length >= 32,
      });
      if (!awaiting || tradeId === undefined || token === undefined) {
        context.add('confirmations_accepted', 0);
        if (created.status === 201) {
          context.log(
            `a ${config.confirmAmount} USDC trade needed no confirmation: issue the key with --high-value-threshold at most LOADTEST_CONFIRM_AMOUNT`,
          );
        }
        return;
      }

      const replay = await context.http.request({ ...post, name: 'POST /v1/trades (replay, unconfirmed)' });
      const replayed = kit.tradeOf(replay);
      context.check(replay, {
        'replay before confirmation answers 202 with the same token': (r) =>
          r.status === 202 && replayed.trade?.id === tradeId && replayed.confirmation?.token === token,
      });

      const confirm = {
        name: 'POST /v1/trades/{id}/confirm',
        method: 'POST' as const,
        url: `${config.tradingUrl}/v1/trades/${tradeId}/confirm`,
        headers: kit.v1Headers(config, context.vu, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ token }),
        expect: [200],
      };
      const confirmed = await context.http.request(confirm);
      const accepted = context.check(confirmed, {
        'confirm answers 200 with the trade pending': (r) =>
          r.status === 200 && kit.tradeOf(r).trade?.status !== 'pending_confirmation',
      });
      context.add('confirmations_accepted', accepted ? 1 : 0);

      const reused = await context.http.request({
        ...confirm,
        name: 'POST /v1/trades/{id}/confirm (reused token)',
        expect: [409],
      });
      context.check(reused, {
        'a reused token answers 409 CONFIRMATION_TOKEN_USED': (r) =>
          r.status === 409 && kit.jsonOf<{ code?: string }>(r)?.code === 'CONFIRMATION_TOKEN_USED',
      });

      const after = await context.http.request({ ...post, name: 'POST /v1/trades (replay, confirmed)', expect: [200] });
      context.check(after, {
        'replay after confirmation answers 200 idempotent': (r) =>
          r.status === 200 && kit.tradeOf(r)._meta?.idempotent === true && kit.tradeOf(r).trade?.id === tradeId,
      });
      context.add('confirm_flow_ms', context.now() - started);
    },
  };
}
