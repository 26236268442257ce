import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { buildStages, loadTimeline, resolveLoadConfig } from '../../loadtest/lib/load-config.js';
import type { LoadConfig, LoadRequest, LoadResponse, ScenarioContext } from '../../loadtest/lib/scenario-types.js';
import { scenarioKit } from '../../loadtest/lib/scenario-kit.js';
import { defineConfirmFlow } from '../../loadtest/scenarios/confirm-flow.js';
import { definePublicBrowse } from '../../loadtest/scenarios/public-browse.js';
import { defineSoak } from '../../loadtest/scenarios/soak.js';
import { defineTradeBurst } from '../../loadtest/scenarios/trade-burst.js';
import { defineV1Reads } from '../../loadtest/scenarios/v1-reads.js';
import { defineWebhookFanout } from '../../loadtest/scenarios/webhook-fanout.js';
import { scenarioDefinition, scenarioNames } from './scenario-registry.js';
import { gaugeValues } from './summary-math.js';
import { evaluateThreshold, parseMetricKey, parseThreshold } from './threshold-evaluator.js';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A scenario context over a scripted server: records every request, check and metric sample. */
function scripted(answer: (request: LoadRequest) => Answer) {
  const requests: LoadRequest[] = [];
  const checks: Record<string, boolean[]> = {};
  const samples: Record<string, number[]> = {};
  const notes: Array<{ title: string; rows: unknown[] }> = [];
  const respond = async (request: LoadRequest): Promise<LoadResponse> => {
    requests.push(request);
    const { status, body, headers } = answer(request);
    return {
      status,
      body: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
      headers: headers ?? {},
      durationMs: 1,
    };
  };
  const context: ScenarioContext = {
    http: { request: respond, batch: (list) => Promise.all(list.map(respond)) },
    check: (response, named) => {
      let all = true;
      for (const [name, predicate] of Object.entries(named)) {
        const passed = predicate(response);
        (checks[name] ??= []).push(passed);
        all &&= passed;
      }
      return all;
    },
    add: (metric, value) => void (samples[metric] ??= []).push(value),
    sleep: async () => undefined,
    now: () => 1_000,
    log: () => undefined,
    note: (title, rows) => void notes.push({ title, rows: [...rows] }),
    vu: 3,
    iteration: 7,
  };
  return { context, requests, checks, samples, notes };
}

const MARKET = '000000d4-0000-4000-8000-000000000001';
const TRADE = '11111111-1111-4111-8111-111111111111';
const config = (extra: Record<string, string> = {}): LoadConfig =>
  resolveLoadConfig({ LOADTEST_API_KEYS: 'svc_test_key1,svc_test_key2', ...extra });
const markets = [{ id: MARKET, outcomes: 2 }];
const trade = (status: string, idempotent: boolean, id = TRADE) => ({
  trade: { id, status },
  data: {},
  _meta: { idempotent },
});
const allPassed = (checks: Record<string, boolean[]>) => Object.values(checks).every((list) => list.every(Boolean));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('shared scenario definitions', () => {
  it('public-browse walks threads → thread markets → detail with history → quote, without a key, as its VU’s client address', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const { context, requests, checks, samples } = scripted((request) => {
      if (request.url.includes('/quote')) return { status: 200, body: { quote: { tokensOut: '967488287190965918' } } };
      if (request.url.includes('/markets/')) return { status: 200, body: { market: { id: MARKET }, priceHistory: [] } };
      if (request.url.includes('/threads/')) return { status: 200, body: { markets: [{ id: MARKET }] } };
      return {
        status: 200,
        body: {
          threads: [
            { id: 'empty', marketCount: 0 },
            { id: 'th1', marketCount: 2 },
          ],
        },
      };
    });
    await definePublicBrowse(scenarioKit).iteration(context, { perIpLimit: 0 }, config());
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://localhost:3001/api/threads?limit=20',
      'GET http://localhost:3001/api/threads/th1/markets?limit=20',
      `GET http://localhost:3001/api/markets/${MARKET}?history=true`,
      `GET http://localhost:3001/api/markets/${MARKET}/quote?outcomeIndex=0&action=buy&amount=1000000`,
    ]);
    // No key; the VU's client address (VU 3, iteration 7: one visitor of LOADTEST_CLIENT_ADDRESSES) on every request.
    expect(requests.map((request) => request.headers)).toEqual(Array(4).fill({ 'X-Forwarded-For': '198.18.0.41' }));
    expect(allPassed(checks)).toBe(true);
    expect(samples['browse_flow_ms']).toEqual([0]);
  });

  it("v1-reads sends the VU's key, revalidates with the ETag expecting 200 or 304, and quotes in atomic units", async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.1);
    const { context, requests, checks } = scripted((request) => {
      if (request.url.includes('/quote'))
        return { status: 200, body: { quote: { tokensOut: '5' }, units: { usdc: 'atomic-6' } } };
      if (request.headers?.['If-None-Match']) return { status: 304, body: '' };
      if (request.url.endsWith(MARKET))
        return { status: 200, body: { market: { id: MARKET } }, headers: { etag: 'W/"abc"' } };
      return { status: 200, body: { data: [], pagination: { hasMore: false } } };
    });
    await defineV1Reads(scenarioKit).iteration(context, { markets }, config());
    expect(requests.map((request) => request.name)).toEqual([
      'GET /v1/markets',
      'GET /v1/markets/{id}',
      'GET /v1/markets/{id} (If-None-Match)',
      'GET /v1/markets/{id}/quote',
    ]);
    expect(requests.every((request) => request.headers?.['X-API-Key'] === 'svc_test_key1')).toBe(true);
    expect(requests[2]).toMatchObject({ headers: { 'If-None-Match': 'W/"abc"' }, expect: [200, 304] });
    expect(requests[3]!.url).toContain('amount=500000');
    expect(allPassed(checks)).toBe(true);
  });

  it('trade-burst sends a deliberate duplicate twice at once and once after, with one key and body, expecting one trade', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    let created = false;
    const { context, requests, checks, samples } = scripted(() => {
      const first = !created;
      created = true;
      return { status: 201, body: trade('pending', !first) };
    });
    await defineTradeBurst(scenarioKit).iteration(context, { markets }, config({ LOADTEST_DUPLICATE_SHARE: '1' }));
    expect(requests).toHaveLength(3);
    const [first] = requests;
    expect(first!.headers?.['Idempotency-Key']).toMatch(/^[A-Za-z0-9_\-:.]{1,128}$/);
    expect(
      requests.every((request) => request.headers?.['Idempotency-Key'] === first!.headers?.['Idempotency-Key']),
    ).toBe(true);
    expect(requests.every((request) => request.body === first!.body && request.method === 'POST')).toBe(true);
    expect(JSON.parse(first!.body!)).toMatchObject({
      marketId: MARKET,
      amount: '0.5',
      side: 'buy',
      metadata: { source: 'loadtest' },
    });
    expect(first!.expect).toEqual([201]);
    expect(allPassed(checks)).toBe(true);
    expect(samples['idempotency_mismatches']).toBeUndefined();
    expect(samples['duplicates_sent']).toEqual([2]);
  });

  it('trade-burst counts a mismatch when a duplicate comes back as another trade', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    let calls = 0;
    const { context, samples } = scripted(() => {
      calls += 1;
      return {
        status: 201,
        body: trade('pending', false, calls === 2 ? '22222222-2222-4222-8222-222222222222' : TRADE),
      };
    });
    await defineTradeBurst(scenarioKit).iteration(context, { markets }, config({ LOADTEST_DUPLICATE_SHARE: '1' }));
    expect(samples['idempotency_mismatches']).toEqual([1]);
  });

  it('confirm-flow confirms the 202 token once, then finds it used and the replay idempotent', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const token = 'T'.repeat(43);
    let confirmed = false;
    const { context, requests, checks, samples } = scripted((request) => {
      if (request.url.endsWith('/confirm')) {
        if (confirmed) return { status: 409, body: { code: 'CONFIRMATION_TOKEN_USED' } };
        confirmed = true;
        return { status: 200, body: trade('pending', false) };
      }
      if (confirmed) return { status: 200, body: trade('pending', true) };
      return {
        status: 202,
        body: { ...trade('pending_confirmation', false), confirmation: { token, expiresAt: 'x' } },
      };
    });
    await defineConfirmFlow(scenarioKit).iteration(context, { markets }, config());
    expect(requests.map((request) => [request.name, request.expect])).toEqual([
      ['POST /v1/trades (high value)', [202]],
      ['POST /v1/trades (replay, unconfirmed)', [202]],
      ['POST /v1/trades/{id}/confirm', [200]],
      ['POST /v1/trades/{id}/confirm (reused token)', [409]],
      ['POST /v1/trades (replay, confirmed)', [200]],
    ]);
    expect(JSON.parse(requests[0]!.body!)).toMatchObject({ amount: '2' });
    expect(requests[2]!.url).toBe(`http://localhost:3000/v1/trades/${TRADE}/confirm`);
    expect(JSON.parse(requests[2]!.body!)).toEqual({ token });
    expect(allPassed(checks)).toBe(true);
    expect(samples['confirmations_accepted']).toEqual([1]);
  });

  it("webhook-fanout long-polls the receiver for the trade's trade.completed and records delivery", async () => {
    const { context, requests, samples } = scripted((request) =>
      request.target === 'receiver'
        ? {
            status: 200,
            body: { deliveries: [{ eventId: 'evt_1', type: 'trade.completed', verified: true, receivedAt: 'x' }] },
          }
        : { status: 201, body: trade('pending', false) },
    );
    await defineWebhookFanout(scenarioKit).iteration(
      context,
      { markets },
      config({ LOADTEST_RECEIVER_URL: 'http://rx:4010' }),
    );
    expect(requests[1]).toMatchObject({
      url: `http://rx:4010/deliveries/${TRADE}?type=trade.completed&waitMs=30000`,
      target: 'receiver',
    });
    expect(samples['webhooks_delivered']).toEqual([1]);
    expect(samples['webhook_delivery_ms']).toEqual([0]);
  });

  it('soak keeps each public-read route under the default per-IP limit (100 a minute) at its default load', async () => {
    const soak = defineSoak(scenarioKit);
    const { context, requests } = scripted(() => ({ status: 200, body: {} }));
    const draws = 1_000;
    for (let draw = 0; draw < draws; draw += 1) {
      jest.spyOn(Math, 'random').mockReturnValue((draw + 0.5) / draws);
      await soak.iteration(context, { markets }, config());
    }
    const perRoute = new Map<string, number>();
    for (const request of requests.filter((r) => r.url.startsWith('http://localhost:3001/api/'))) {
      perRoute.set(request.name, (perRoute.get(request.name) ?? 0) + 1);
    }
    expect([...perRoute.keys()].sort()).toEqual(['GET /api/markets', 'GET /api/markets/{id}?history=true']);
    // Requests per minute per route at the default rate, with room for the randomness of the draw.
    for (const count of perRoute.values()) expect((count / draws) * soak.load.rate * 60).toBeLessThanOrEqual(70);
  });

  const exposition = (rssMb: number, handles: number) =>
    `# HELP x\nprocess_resident_memory_bytes{service="a"} ${rssMb * 2 ** 20}\nnodejs_active_handles_total{service="a"} ${handles}\n`;

  /** A scripted context whose clock moves only when the scenario sleeps; records when each /metrics read happened. */
  function clocked(answer: (request: LoadRequest, reads: number) => Answer) {
    let clock = 0;
    const readsAt: number[] = [];
    const run = scripted((request) => {
      if (request.target === 'metrics') readsAt.push(clock);
      return answer(request, readsAt.length);
    });
    run.context.now = () => clock;
    run.context.sleep = async (ms) => void (clock += ms);
    return { ...run, readsAt };
  }

  it("soak compares each deployable's RSS and handles once warmed up with just before the ramp down", async () => {
    const soak = defineSoak(scenarioKit);
    const { context, samples, notes, readsAt } = clocked((_request, reads) => ({
      status: 200,
      body: reads <= 1 ? exposition(100, 8) : exposition(130, 11),
    }));
    const timeline = loadTimeline(buildStages(soak.load));
    expect(timeline).toEqual({ warmUpEndMs: 120_000, rampDownStartMs: 660_000, endMs: 670_000 });
    await soak.monitor!(context, { markets }, config({ LOADTEST_METRICS: 'trading-api=http://a/metrics' }), timeline);
    // Both samples under the soak's rate: after the ramp and a minute of the hold, and at the end of the hold.
    expect(readsAt).toEqual([120_000, 660_000]);
    expect(samples['rss_growth_mb']).toEqual([30]);
    expect(samples['handles_growth']).toEqual([3]);
    expect(samples['unreadable_deployables']).toEqual([1, 0]);
    expect(notes[0]!.rows).toEqual([
      {
        deployable: 'trading-api',
        'rss start MB': 100,
        'rss end MB': 130,
        'rss growth MB': 30,
        'handles start': 8,
        'handles end': 11,
        'handles growth': 3,
      },
    ]);
  });

  it('soak fails its unreadable_deployables threshold when a deployable has no figures, instead of a growth of 0', async () => {
    const soak = defineSoak(scenarioKit);
    const { context, samples, notes } = clocked((request) =>
      request.url.startsWith('http://b/') ? { status: 503, body: 'down' } : { status: 200, body: exposition(100, 8) },
    );
    const settings = config({ LOADTEST_METRICS: 'trading-api=http://a/metrics,chain-executor=http://b/metrics' });
    await soak.monitor!(context, { markets }, settings, loadTimeline(buildStages(soak.load)));
    expect(samples['unreadable_deployables']).toEqual([2, 1]);
    const verdicts = soak.thresholds['unreadable_deployables']!.map(
      (expression) => evaluateThreshold(expression, gaugeValues(samples['unreadable_deployables']!)).ok,
    );
    expect(verdicts).toEqual([false]);
    expect(notes[0]!.rows[1]).toMatchObject({ deployable: 'chain-executor', 'rss growth MB': 'n/a' });
  });

  it('soak counts a run cut short before its second sample as unreadable, not flat', async () => {
    const soak = defineSoak(scenarioKit);
    const { context, samples } = clocked(() => ({ status: 200, body: exposition(100, 8) }));
    context.sleep = () => new Promise(() => undefined);
    void soak.monitor!(context, { markets }, config(), loadTimeline(buildStages(soak.load)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(samples['unreadable_deployables']).toEqual([4]);
    expect(samples['rss_growth_mb']).toBeUndefined();
  });

  it.each(scenarioNames)('%s declares valid thresholds on metrics it has, and latency and error bounds', (name) => {
    const definition = scenarioDefinition(name);
    expect(definition.name).toBe(name);
    const builtIn = ['http_reqs', 'http_req_duration', 'http_req_failed', 'checks'];
    for (const [key, expressions] of Object.entries(definition.thresholds)) {
      expect([...builtIn, ...Object.keys(definition.metrics)]).toContain(parseMetricKey(key).metric);
      for (const expression of expressions) expect(() => parseThreshold(expression)).not.toThrow();
    }
    expect(definition.thresholds['http_req_duration{target:api}']).toEqual([
      expect.stringMatching(/^p\(95\)</),
      expect.stringMatching(/^p\(99\)</),
    ]);
    expect(definition.thresholds['http_req_failed{target:api}']).toEqual([expect.stringMatching(/^rate</)]);
  });
});
