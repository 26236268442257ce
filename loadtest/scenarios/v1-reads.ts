/*
 * v1-reads: what a bot does between trades: list markets, read one (half the time revalidating with its ETag, which
 * answers 304), and quote it (trading-api.md, Markets).
 */
import type { MarketsData, ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

export function defineV1Reads(kit: ScenarioKit): ScenarioDefinition<MarketsData> {
  return {
    name: 'v1-reads',
    description: 'authenticated market reads and quotes: list → market (ETag revalidation) → quote',
    metrics: {},
    thresholds: {
      ...kit.apiThresholds(250, 500),
    },
    load: { profile: 'ramp', rate: 20, hold: '1m', maxVUs: 60 },

    setup: kit.marketsSetup,

    async iteration(context, data, config) {
      const headers = kit.v1Headers(config, context.vu);
      const list = await context.http.request({
        name: 'GET /v1/markets',
        method: 'GET',
        url: `${config.tradingUrl}/v1/markets?limit=20`,
        headers,
      });
      const listed = kit.jsonOf<{ data?: unknown[]; pagination?: { hasMore: boolean } }>(list);
      context.check(list, {
        'markets listed with pagination': () => Array.isArray(listed?.data) && !!listed?.pagination,
      });

      const market = kit.pick(data.markets);
      const first = await context.http.request({
        name: 'GET /v1/markets/{id}',
        method: 'GET',
        url: `${config.tradingUrl}/v1/markets/${market.id}`,
        headers,
      });
      context.check(first, {
        'market is the one asked for': (r) => kit.jsonOf<{ market?: { id: string } }>(r)?.market?.id === market.id,
      });
      const etag = first.headers['etag'];
      if (etag && Math.random() < 0.5) {
        const again = await context.http.request({
          name: 'GET /v1/markets/{id} (If-None-Match)',
          method: 'GET',
          url: `${config.tradingUrl}/v1/markets/${market.id}`,
          headers: { ...headers, 'If-None-Match': etag },
          expect: [200, 304],
        });
        context.check(again, { 'revalidation answers 304 or a fresh 200': kit.status(200, 304) });
      }

      const outcomeIndex = Math.floor(Math.random() * market.outcomes);
      const quote = await context.http.request({
        name: 'GET /v1/markets/{id}/quote',
        method: 'GET',
        url: `${config.tradingUrl}/v1/markets/${market.id}/quote?outcomeIndex=${outcomeIndex}&action=buy&amount=${kit.atomicUsdc(config.tradeAmount)}`,
        headers,
      });
      const quoted = kit.jsonOf<{ quote?: { tokensOut?: string }; units?: { usdc?: string } }>(quote);
      context.check(quote, {
        'quote has tokensOut as digits': () => /^\d+$/.test(quoted?.quote?.tokensOut ?? ''),
        'quote names its units': () => quoted?.units?.usdc === 'atomic-6',
      });
    },
  };
}
