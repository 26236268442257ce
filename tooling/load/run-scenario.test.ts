/*
 * The Node twin end to end: the public-browse definition, as `npm run load` runs it, against the real public-read
 * app (its own database and Redis prefix) quoting a market deployed on a local chain.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicReadSuite,
  type PublicReadSuite,
  type RunningPublicRead,
} from '../kits/public-read/public-read-test-kit.js';
import { resolveLoadConfig } from '../../loadtest/lib/load-config.js';
import { formatSummaryLine, summaryFigures } from '../../loadtest/lib/run-summary.js';
import { scenarioKit } from '../../loadtest/lib/scenario-kit.js';
import type { ScenarioDefinition } from '../../loadtest/lib/scenario-types.js';
import { definePublicBrowse } from '../../loadtest/scenarios/public-browse.js';
import { createFixtureMarket, startChainFixture, type ChainFixture } from '../testing/chain-test-fixtures.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { rateLimitAdvice } from './rate-limit-advice.js';
import { writeRunReport } from './report-files.js';
import { runScenario, type ScenarioRun } from './run-scenario.js';

let suite: PublicReadSuite;
let chain: ChainFixture;
let app: RunningPublicRead;
let run: ScenarioRun;
let marketId: string;

beforeAll(async () => {
  [suite, chain] = await Promise.all([createPublicReadSuite(), startChainFixture()]);
  const deployed = await createFixtureMarket(chain);
  marketId = deployed.marketId;
  const thread = await createThread(suite.db, { title: 'Load thread', status: 'active', category: 'misc' });
  await insertMarket(suite.db, {
    id: marketId,
    threadId: thread.id,
    question: 'Under load?',
    category: 'misc',
    outcomes: ['YES', 'NO'],
    contractAddress: deployed.market,
    chainId: chain.reader.chain.id,
  });
  app = await suite.start({
    chainReader: () => Promise.resolve(chain.reader),
    // The limiter answers 429 past 100 requests per minute per IP: a load test measures the service, not it.
    settings: { rateLimit: { windowMs: 60_000, threadsList: 1_000_000, default: 1_000_000 } },
  });
  const config = resolveLoadConfig({ LOADTEST_PUBLIC_URL: app.url });
  run = await runScenario(definePublicBrowse(scenarioKit), config, {
    profile: 'ramp',
    rate: 6,
    hold: '3s',
    maxVUs: 10,
  });
}, 60_000);

afterAll(async () => {
  await suite?.destroy();
  await chain?.stop();
});

describe('the Node twin of a k6 scenario', () => {
  it('runs the embed flow against the real public read API: no error, every check and count threshold met', () => {
    const figures = summaryFigures('public-browse', run.summary);
    expect(figures.errors).toBe(0);
    expect(figures.requests).toBeGreaterThanOrEqual(4 * 15);
    // Latency thresholds are production bounds, judged by `npm run load` on a quiet machine, not by a test run.
    const verdicts = Object.entries(run.summary.metrics).flatMap(([metric, data]) =>
      Object.entries(data.thresholds ?? {}).map(([expression, verdict]) => ({ metric, expression, ok: verdict.ok })),
    );
    expect(verdicts.filter((verdict) => !/^(p\(|avg|med|max)/.test(verdict.expression))).toEqual(
      expect.arrayContaining([
        { metric: 'http_reqs{target:api}', expression: 'count>0', ok: true },
        { metric: 'http_req_failed{target:api}', expression: 'rate<0.01', ok: true },
        { metric: 'checks', expression: 'rate>0.99', ok: true },
        { metric: 'dropped_iterations', expression: 'count<=0', ok: true },
      ]),
    );
    // The definition's six, and the runner's bound on dropped iterations.
    expect(verdicts).toHaveLength(7);
  });

  it('judges every threshold of the definition and prints the verdict in the last line', () => {
    const figures = summaryFigures('public-browse', run.summary);
    const duration = run.summary.metrics['http_req_duration{target:api}']!;
    expect(duration.thresholds!['p(95)<250']!.ok).toBe(duration.values['p(95)']! < 250);
    expect(duration.thresholds!['p(99)<500']!.ok).toBe(duration.values['p(99)']! < 500);
    const allMet = Object.values(run.summary.metrics).every((metric) =>
      Object.values(metric.thresholds ?? {}).every((verdict) => verdict.ok),
    );
    expect(formatSummaryLine(figures)).toMatch(
      new RegExp(
        `^scenario=public-browse requests=\\d+ rps=\\d+\\.\\d p95_ms=\\d+\\.\\d p99_ms=\\d+\\.\\d errors=0 thresholds=${allMet ? 'pass' : 'fail'}$`,
      ),
    );
  });

  it('sends the four requests of the flow once per iteration and passes every check', () => {
    const iterations = run.summary.metrics['iterations']!.values.count!;
    const counts = Object.fromEntries(run.byRequest.map((entry) => [entry.name, entry.count]));
    expect(counts).toEqual({
      // setup reads the threads twice (as two clients: are they counted apart?), apart from the load's figures
      'GET /api/threads (setup)': 2,
      'GET /api/threads': iterations,
      'GET /api/threads/{id}/markets': iterations,
      'GET /api/markets/{id}?history=true': iterations,
      'GET /api/markets/{id}/quote': iterations,
    });
    expect(run.summary.metrics['http_reqs{target:api}']!.values.count).toBe(4 * iterations);
    expect(run.checks.every((check) => check.fails === 0 && check.passes > 0)).toBe(true);
    expect(run.summary.metrics['browse_flow_ms']!.values['p(95)']).toBeGreaterThan(0);
  });

  it('follows the ramp: per-second throughput rises from the first second to the hold', () => {
    const busiest = Math.max(...run.seconds.map((bucket) => bucket.requests));
    expect(run.seconds[0]!.requests).toBeLessThan(busiest);
    expect(busiest).toBeGreaterThanOrEqual(4 * 4);
  });

  it('writes the JSON summary carrying the same run and its verdicts', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'load-reports-'));
    try {
      const written = JSON.parse(await readFile(await writeRunReport(run, directory), 'utf8')) as typeof run;
      expect(written).toEqual(run);
      expect(formatSummaryLine(summaryFigures('public-browse', written.summary))).toMatch(/thresholds=pass$/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("names the limit to raise when public-read's per-IP limiter answers 429 (a plain npm start)", async () => {
    const limitedApp = await suite.start({
      chainReader: () => Promise.resolve(chain.reader),
      settings: { rateLimit: { windowMs: 60_000, threadsList: 2, default: 2 } },
    });
    const listMarkets: ScenarioDefinition<null> = {
      name: 'list-markets',
      description: 'the public market list, nothing else',
      metrics: {},
      thresholds: { 'http_req_failed{target:api}': ['rate<0.01'] },
      load: { profile: 'ramp', rate: 4, hold: '1s', maxVUs: 4 },
      setup: () => Promise.resolve(null),
      async iteration(context, _data, config) {
        await context.http.request({ name: 'GET /api/markets', method: 'GET', url: `${config.publicUrl}/api/markets` });
      },
    };
    const config = resolveLoadConfig({ LOADTEST_PUBLIC_URL: limitedApp.url });
    const limited = await runScenario(listMarkets, config, listMarkets.load);
    const requests = limited.byRequest.find((entry) => entry.name === 'GET /api/markets');
    expect(requests?.count).toBeGreaterThan(2);
    expect(limited.rateLimited).toEqual([
      {
        origin: new URL(limitedApp.url).origin,
        count: requests!.count - 2,
        byName: { 'GET /api/markets': requests!.count - 2 },
        limit: 2,
      },
    ]);
    const advice = rateLimitAdvice(limited.rateLimited, config);
    expect(advice).toHaveLength(1);
    expect(advice[0]).toMatch(
      /^rate limited by public-read's per-IP limit: \d+ answers were 429 \(GET \/api\/markets ×\d+, limit 2 per window\)/,
    );
    expect(advice[0]).toContain('RATE_LIMIT_DEFAULT=');
    expect(advice[0]).toContain('RATE_LIMIT_THREADS_LIST=');
  }, 30_000);
});
