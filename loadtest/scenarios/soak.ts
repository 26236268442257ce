/*
 * soak: a moderate mix of every kind of request for a long time (10 minutes by default; LOADTEST_HOLD shortens it),
 * comparing each deployable's RSS and active handles (its /metrics) between two samples taken under the same load:
 * once warmed up (the ramp and the first minute of the hold) and just before the ramp down. Flat means no leak; a
 * deployable whose figures cannot be read fails the run (`unreadable_deployables`), it does not pass as flat.
 */
import type { MarketsData, ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

/**
 * Shares of the mix. public-read allows each client IP 100 requests a minute per route by default (npm start, and a
 * deployment that keeps its defaults): at the default 8 flows/s, 1 in 8 flows reading the public list and one
 * market sends each of those routes 1 request/s, 60 a minute, so a soak needs no raised limits. Above
 * LOADTEST_RATE=13 that route rate passes 100 a minute (loadtest/README.md).
 */
const PUBLIC_SHARE = 1 / 8;
const V1_SHARE = 0.725;

export function defineSoak(kit: ScenarioKit): ScenarioDefinition<MarketsData> {
  return {
    name: 'soak',
    description: "moderate mixed load for 10 minutes; each deployable's RSS and open handles flat once warmed up",
    metrics: { rss_growth_mb: 'gauge', handles_growth: 'gauge', unreadable_deployables: 'gauge' },
    thresholds: {
      ...kit.apiThresholds(300, 800),
      // Why these bounds: loadtest/README.md, "The soak's bounds".
      rss_growth_mb: ['value<50'],
      handles_growth: ['value<10'],
      unreadable_deployables: ['value==0'],
    },
    load: { profile: 'soak', rate: 8, hold: '10m', maxVUs: 60 },
    // A server keeps an idle connection 620 s: no socket of the load generator may linger between iterations and
    // count among a deployable's handles, or the handle figures would follow the number of virtual users.
    connectionReuse: 'within-iteration',

    async setup(context, config) {
      const markets = await kit.activeMarkets(context, config);
      const unreadable = (await kit.readProcessFigures(context, config))
        .filter((figures) => figures.rssBytes === null || figures.handles === null)
        .map((figures) => figures.name);
      if (unreadable.length > 0) {
        context.log(
          `no process figures from ${unreadable.join(', ')} (LOADTEST_METRICS): unless they become readable, the ` +
            'soak fails its unreadable_deployables threshold',
        );
      }
      return { markets };
    },

    async iteration(context, data, config) {
      const market = kit.pick(data.markets);
      const draw = Math.random();
      if (draw < PUBLIC_SHARE) {
        const [list, detail] = await context.http.batch([
          {
            name: 'GET /api/markets',
            method: 'GET',
            url: `${config.publicUrl}/api/markets?limit=20`,
            headers: kit.clientHeaders(config, context),
          },
          {
            name: 'GET /api/markets/{id}?history=true',
            method: 'GET',
            url: `${config.publicUrl}/api/markets/${market.id}?history=true`,
            headers: kit.clientHeaders(config, context),
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

    async monitor(context, _data, config, timeline) {
      const began = context.now();
      const until = (ms: number) => context.sleep(Math.max(0, ms - (context.now() - began)));
      // Unknown until both samples are in: a run cut short fails instead of passing as flat.
      context.add('unreadable_deployables', config.metricsTargets.length);
      await until(timeline.warmUpEndMs);
      const start = await kit.readProcessFigures(context, config);
      await until(timeline.rampDownStartMs);
      const end = await kit.readProcessFigures(context, config);

      const compared = kit.compareProcessFigures(start, end);
      context.note('process figures (warmed up → before the ramp down)', compared.rows);
      if (compared.unreadable.length > 0) {
        context.log(`no process figures from ${compared.unreadable.join(', ')} (LOADTEST_METRICS): growth unknown`);
      }
      context.add('unreadable_deployables', compared.unreadable.length);
      context.add('rss_growth_mb', compared.rssGrowthMb);
      context.add('handles_growth', compared.handlesGrowth);
    },
  };
}
