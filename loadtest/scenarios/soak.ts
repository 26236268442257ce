/*
 * soak: a moderate mix of every kind of request for a long time (10 minutes by default; LOADTEST_HOLD shortens it),
 * reading each deployable's RSS and active handles from its /metrics before and after. Flat means no leak: the end
 * figures are read after LOADTEST_SETTLE_MS, once the load's keep-alive connections have closed.
 */
import type { ActiveMarket, ProcessFigures, ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

interface SoakData {
  markets: ActiveMarket[];
  start: ProcessFigures[];
}

const MB = 1024 * 1024;
/**
 * Shares of the mix. public-read allows each client IP 100 requests a minute per route by default (npm start, and a
 * deployment that keeps its defaults): at the default 8 flows/s, 1 in 8 flows reading the public list and one
 * market sends each of those routes 1 request/s, 60 a minute, so a soak needs no raised limits. Above
 * LOADTEST_RATE=13 that route rate passes 100 a minute (loadtest/README.md).
 */
const PUBLIC_SHARE = 1 / 8;
const V1_SHARE = 0.725;
const round1 = (value: number): number => Math.round(value * 10) / 10;

export function defineSoak(kit: ScenarioKit): ScenarioDefinition<SoakData> {
  return {
    name: 'soak',
    description: "moderate mixed load for 10 minutes; each deployable's RSS and open handles flat from start to end",
    metrics: { rss_growth_mb: 'gauge', handles_growth: 'gauge' },
    thresholds: {
      'http_reqs{target:api}': ['count>0'],
      'http_req_duration{target:api}': ['p(95)<300', 'p(99)<800'],
      'http_req_failed{target:api}': ['rate<0.01'],
      checks: ['rate>0.99'],
      rss_growth_mb: ['value<100'],
      handles_growth: ['value<25'],
    },
    load: { profile: 'soak', rate: 8, hold: '10m', maxVUs: 60 },
    // The servers keep an idle connection 65 s: the end figures must count their own handles, not our sockets.
    connectionReuse: 'within-iteration',

    async setup(context, config) {
      const markets = await kit.activeMarkets(context, config);
      const start = await kit.readProcessFigures(context, config);
      const unreadable = start.filter((figures) => figures.rssBytes === null).map((figures) => figures.name);
      if (unreadable.length > 0) context.log(`no process figures from ${unreadable.join(', ')} (LOADTEST_METRICS)`);
      return { markets, start };
    },

    async iteration(context, data, config) {
      const market = kit.pick(data.markets);
      const draw = Math.random();
      if (draw < PUBLIC_SHARE) {
        const [list, detail] = await context.http.batch([
          { name: 'GET /api/markets', method: 'GET', url: `${config.publicUrl}/api/markets?limit=20` },
          {
            name: 'GET /api/markets/{id}?history=true',
            method: 'GET',
            url: `${config.publicUrl}/api/markets/${market.id}?history=true`,
          },
        ]);
        context.check(list!, { 'public list answered 200': kit.status(200) });
        context.check(detail!, { 'public detail answered 200': kit.status(200) });
      } else if (draw < PUBLIC_SHARE + V1_SHARE) {
        const headers = kit.v1Headers(config, context.vu);
        const [read, quote] = await context.http.batch([
          { name: 'GET /v1/markets/{id}', method: 'GET', url: `${config.tradingUrl}/v1/markets/${market.id}`, headers },
          {
            name: 'GET /v1/markets/{id}/quote',
            method: 'GET',
            url: `${config.tradingUrl}/v1/markets/${market.id}/quote?outcomeIndex=0&action=buy&amount=${kit.atomicUsdc(config.tradeAmount)}`,
            headers,
          },
        ]);
        context.check(read!, { 'v1 market answered 200': kit.status(200) });
        context.check(quote!, { 'v1 quote answered 200': kit.status(200) });
      } else {
        const trade = await context.http.request({
          name: 'POST /v1/trades',
          method: 'POST',
          url: `${config.tradingUrl}/v1/trades`,
          headers: kit.v1Headers(config, context.vu, {
            'Content-Type': 'application/json',
            'Idempotency-Key': kit.idempotencyKey('soak', context),
          }),
          body: kit.tradeBody(market, config.tradeAmount),
          expect: [201],
        });
        context.check(trade, { 'trade answered 201': kit.status(201) });
      }
    },

    async teardown(context, data, config) {
      await context.sleep(config.settleMs);
      const end = await kit.readProcessFigures(context, config);
      let rssGrowth = 0;
      let handlesGrowth = 0;
      const rows = end.map((after) => {
        const before = data.start.find((figures) => figures.name === after.name);
        const rssDelta = (after.rssBytes ?? 0) - (before?.rssBytes ?? 0);
        const handlesDelta = (after.handles ?? 0) - (before?.handles ?? 0);
        if (before?.rssBytes != null && after.rssBytes !== null) rssGrowth = Math.max(rssGrowth, rssDelta / MB);
        if (before?.handles != null && after.handles !== null) handlesGrowth = Math.max(handlesGrowth, handlesDelta);
        return {
          deployable: after.name,
          'rss start MB': before?.rssBytes == null ? 'n/a' : round1(before.rssBytes / MB),
          'rss end MB': after.rssBytes === null ? 'n/a' : round1(after.rssBytes / MB),
          'rss growth MB': round1(rssDelta / MB),
          'handles start': before?.handles ?? 'n/a',
          'handles end': after.handles ?? 'n/a',
          'handles growth': handlesDelta,
        };
      });
      context.note('process figures (start → end)', rows);
      context.add('rss_growth_mb', round1(rssGrowth));
      context.add('handles_growth', handlesGrowth);
    },
  };
}
