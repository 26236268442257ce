/*
 * Runs one shared scenario definition in this process: setup, the arrival-rate load (and the definition's monitor
 * beside it), teardown, then the summary
 * in k6's shape with threshold verdicts and the per-second series the report draws.
 */
import { buildStages, loadTimeline, runThresholds } from '../../loadtest/lib/load-config.js';
import type { RunSummaryData } from '../../loadtest/lib/run-summary.js';
import type {
  LoadConfig,
  LoadHttp,
  LoadResponse,
  LoadShape,
  LoadStage,
  ScenarioContext,
  ScenarioDefinition,
} from '../../loadtest/lib/scenario-types.js';
import { runArrivalRate } from './arrival-scheduler.js';
import { MetricsRecorder, type SecondBucket } from './metrics-recorder.js';
import { createNodeLoadHttp, type NodeLoadHttp } from './node-http-client.js';
import type { RateLimitedOrigin } from './rate-limit-advice.js';
import { percentile } from './summary-math.js';
import { messageOf } from '#shared/errors/thrown-values.js';

export interface RunNote {
  title: string;
  rows: ReadonlyArray<Record<string, string | number>>;
}

export interface ScenarioRun {
  scenario: string;
  description: string;
  startedAt: string;
  shape: LoadShape;
  stages: LoadStage[];
  summary: RunSummaryData;
  /** Per second: api requests, errors and latency percentiles. */
  seconds: SecondBucket[];
  /** Per second: iterations in flight. */
  inFlight: number[];
  /** Iterations still running when the graceful stop ran out, abandoned. */
  interrupted: number;
  /** Per second: p95 of each of the scenario's own trends. */
  customTrends: Record<string, Array<{ second: number; p95: number }>>;
  /** Per request name: count, failures and latency values. */
  byRequest: Array<{ name: string; target: string; count: number; failed: number; p95: number; p99: number }>;
  checks: Array<{ name: string; passes: number; fails: number }>;
  /** 429 answers by origin (a rate limiter, not the service, answered them). */
  rateLimited: RateLimitedOrigin[];
  notes: RunNote[];
  logs: string[];
}

export interface RunOptions {
  log?: (line: string) => void;
  /** Let running iterations finish this long after the last stage (default 40 s, as the k6 scripts). */
  gracefulStopMs?: number;
}

const MAX_LOGGED = 200;

/** What an abandoned iteration's request gets, without being sent. */
const ABANDONED: LoadResponse = { status: 0, body: '', headers: {}, durationMs: 0, error: 'the run is over' };

export async function runScenario<SetupData>(
  definition: ScenarioDefinition<SetupData>,
  config: LoadConfig,
  shape: LoadShape,
  options: RunOptions = {},
): Promise<ScenarioRun> {
  const startedAt = new Date();
  const recorder = new MetricsRecorder(Date.now(), definition.metrics);
  const keepAlive = definition.connectionReuse !== 'within-iteration';
  const client: NodeLoadHttp = createNodeLoadHttp(recorder, shape.maxVUs * 2, keepAlive);
  const notes: RunNote[] = [];
  const logs: string[] = [];
  const log = (line: string) => {
    if (logs.length < MAX_LOGGED) logs.push(line);
    options.log?.(`[${definition.name}] ${line}`);
  };
  // After the load and its graceful stop, an iteration still running is abandoned (as k6 stops its VU): it sends,
  // records and logs nothing more, so nothing of it reaches the summary or follows its last line.
  let loadOver = false;
  const iterationHttp: LoadHttp = {
    request: (request) => (loadOver ? Promise.resolve(ABANDONED) : client.request(request)),
    batch: (requests) => Promise.all(requests.map((request) => iterationHttp.request(request))),
  };
  const context = (vu: number, iteration: number, role: 'iteration' | 'runner' = 'runner'): ScenarioContext => {
    const live = () => role === 'runner' || !loadOver;
    return {
      http: role === 'iteration' ? iterationHttp : client,
      check: (response, checks) => {
        let all = true;
        for (const [name, predicate] of Object.entries(checks)) {
          const passed = predicate(response);
          if (live()) recorder.recordCheck(name, passed);
          all &&= passed;
        }
        return all;
      },
      add: (metric, value) => {
        if (live()) recorder.add(metric, value);
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      log: (line) => {
        if (live()) log(line);
      },
      note: (title, rows) => notes.push({ title, rows }),
      vu,
      iteration,
    };
  };

  const stages = buildStages(shape);
  const gracefulStopMs = options.gracefulStopMs ?? 40_000;
  try {
    const data = await definition.setup(context(1, 0), config);
    const monitor = definition.monitor
      ? definition
          .monitor(context(1, 0), data, config, loadTimeline(stages))
          .catch((error: unknown) => log(`monitor failed: ${messageOf(error)}`))
      : undefined;
    const load = await runArrivalRate({
      stages,
      maxVUs: shape.maxVUs,
      gracefulStopMs,
      runIteration: async (vu, iteration) => {
        const iterationContext = context(vu, iteration, 'iteration');
        try {
          await definition.iteration(iterationContext, data, config);
          iterationContext.add('iterations', 1);
        } catch (error) {
          iterationContext.add('iteration_errors', 1);
          iterationContext.log(`iteration failed: ${messageOf(error)}`);
        }
      },
    });
    loadOver = true;
    if (load.interrupted > 0) {
      log(
        `${load.interrupted} iterations still running ${gracefulStopMs / 1_000} s after the last stage were ` +
          'abandoned: nothing of theirs after that counts',
      );
    }
    if (load.dropped > 0) recorder.add('dropped_iterations', load.dropped);
    await monitor;
    client.closeConnections();
    if (definition.teardown) await definition.teardown(context(1, 0), data, config);
    const durationMs = recorder.elapsed();
    return {
      scenario: definition.name,
      description: definition.description,
      startedAt: startedAt.toISOString(),
      shape,
      stages,
      summary: recorder.summarize(runThresholds(definition.thresholds, stages), durationMs),
      seconds: recorder.secondBuckets('api'),
      inFlight: load.inFlightBySecond,
      interrupted: load.interrupted,
      customTrends: customTrendSeries(recorder, definition),
      byRequest: requestBreakdown(recorder),
      checks: [...recorder.checkCounts].map(([name, counts]) => ({ name, ...counts })),
      rateLimited: client.rateLimited(),
      notes,
      logs,
    };
  } finally {
    client.closeConnections();
  }
}

function customTrendSeries(recorder: MetricsRecorder, definition: ScenarioDefinition<unknown>) {
  const series: ScenarioRun['customTrends'] = {};
  for (const [metric, kind] of Object.entries(definition.metrics)) {
    if (kind !== 'trend') continue;
    const bySecond = new Map<number, number[]>();
    for (const sample of recorder.samplesOf(metric)) {
      const second = Math.floor(sample.at / 1_000);
      const values = bySecond.get(second);
      if (values) values.push(sample.value);
      else bySecond.set(second, [sample.value]);
    }
    series[metric] = [...bySecond.entries()]
      .sort(([a], [b]) => a - b)
      .map(([second, values]) => ({ second, p95: percentileOf(values, 95) }));
  }
  return series;
}

const percentileOf = (values: number[], p: number): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

function requestBreakdown(recorder: MetricsRecorder): ScenarioRun['byRequest'] {
  const byName = new Map<string, { target: string; durations: number[]; failed: number }>();
  for (const sample of recorder.requests) {
    const entry = byName.get(sample.name) ?? { target: sample.target, durations: [], failed: 0 };
    entry.durations.push(sample.durationMs);
    if (sample.failed) entry.failed += 1;
    byName.set(sample.name, entry);
  }
  return [...byName.entries()].map(([name, entry]) => ({
    name,
    target: entry.target,
    count: entry.durations.length,
    failed: entry.failed,
    p95: percentileOf(entry.durations, 95),
    p99: percentileOf(entry.durations, 99),
  }));
}
