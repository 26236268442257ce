/*
 * public-browse: the embed flow of the public read API, no key: threads → a thread's markets → market detail with
 * price history → an on-chain quote (public-read-api.md). Embeds quote a few common amounts, so most quotes are
 * served from the 10 s quote cache, as in production.
 */
import type { ScenarioKit } from '../lib/scenario-kit.ts';
import type { ScenarioDefinition } from '../lib/scenario-types.ts';

interface BrowseData {
  /** The public limit per client IP per minute, as the first answer announced it (0 when absent). */
  perIpLimit: number;
}

interface ThreadItem {
  id: string;
  marketCount: number;
}

const QUOTE_AMOUNTS = ['1000000', '5000000', '25000000'];

export function definePublicBrowse(kit: ScenarioKit): ScenarioDefinition<BrowseData> {
  return {
    name: 'public-browse',
    description: 'embed browsing: threads → thread markets → market detail with history → quote',
    metrics: { browse_flow_ms: 'trend' },
    thresholds: {
      ...kit.apiThresholds(250, 500),
      browse_flow_ms: ['p(95)<1000'],
    },
    load: { profile: 'ramp', rate: 15, hold: '1m', maxVUs: 60 },

    async setup(context, config) {
      // Two different virtual clients: their answers show whether public-read counts them apart (a gateway it
      // trusts, as the local stack's loopback) or as one address (the whole generator shares one per-IP limit).
      const threadsAs = (vu: number) =>
        context.http.request({
          name: 'GET /api/threads (setup)',
          method: 'GET',
          url: `${config.publicUrl}/api/threads?limit=20`,
          headers: kit.clientHeaders(config, { vu, iteration: 0 }),
          target: 'setup',
        });
      const response = await threadsAs(1);
      if (response.status !== 200) {
        throw new Error(
          `GET /api/threads answered ${response.status} ${response.error ?? response.body.slice(0, 200)}`,
        );
      }
      const perIpLimit = Number(response.headers['x-ratelimit-limit'] ?? 0);
      const other = await threadsAs(2);
      const remaining = (answer: typeof response) => Number(answer.headers['x-ratelimit-remaining'] ?? -1);
      const counted = config.clientAddresses > 1 && remaining(other) >= remaining(response);
      if (perIpLimit > 0 && perIpLimit < 10_000 && !counted) {
        context.log(
          `public-read allows ${perIpLimit} requests per minute per client address and counts this whole load ` +
            'generator as one client: beyond that it answers 429, and this run will say so. Run it against a ' +
            'stack that trusts the generator as its gateway (npm start does: TRUST_PROXY=loopback) with ' +
            'LOADTEST_CLIENT_ADDRESSES > 1, or against a deployment with RATE_LIMIT_DEFAULT and ' +
            'RATE_LIMIT_THREADS_LIST raised.',
        );
      }
      return { perIpLimit };
    },

    async iteration(context, _data, config) {
      const started = context.now();
      const headers = kit.clientHeaders(config, context);
      const threads = await context.http.request({
        name: 'GET /api/threads',
        method: 'GET',
        url: `${config.publicUrl}/api/threads?limit=20`,
        headers,
      });
      const threadItems = kit.jsonOf<{ threads?: ThreadItem[] }>(threads)?.threads ?? [];
      const withMarkets = threadItems.filter((thread) => thread.marketCount > 0);
      if (!context.check(threads, { 'threads listed': () => withMarkets.length > 0 })) return;

      const thread = kit.pick(withMarkets);
      const markets = await context.http.request({
        name: 'GET /api/threads/{id}/markets',
        method: 'GET',
        url: `${config.publicUrl}/api/threads/${thread.id}/markets?limit=20`,
        headers,
      });
      const marketItems = kit.jsonOf<{ markets?: Array<{ id: string }> }>(markets)?.markets ?? [];
      if (!context.check(markets, { 'thread markets listed': () => marketItems.length > 0 })) return;

      const market = kit.pick(marketItems);
      const detail = await context.http.request({
        name: 'GET /api/markets/{id}?history=true',
        method: 'GET',
        url: `${config.publicUrl}/api/markets/${market.id}?history=true`,
        headers,
      });
      const detailBody = kit.jsonOf<{ market?: { id: string }; priceHistory?: unknown[] }>(detail);
      context.check(detail, {
        'detail is the market': () => detailBody?.market?.id === market.id,
        'detail carries its price history': () => Array.isArray(detailBody?.priceHistory),
      });

      const quote = await context.http.request({
        name: 'GET /api/markets/{id}/quote',
        method: 'GET',
        url: `${config.publicUrl}/api/markets/${market.id}/quote?outcomeIndex=0&action=buy&amount=${kit.pick(QUOTE_AMOUNTS)}`,
        headers,
      });
      const quoteBody = kit.jsonOf<{ quote?: { tokensOut?: string; pAfter?: string[] } }>(quote);
      context.check(quote, {
        'quote has tokensOut as digits': () => /^\d+$/.test(quoteBody?.quote?.tokensOut ?? ''),
      });
      context.add('browse_flow_ms', context.now() - started);
    },
  };
}
