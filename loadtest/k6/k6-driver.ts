/*
 * Runs a shared scenario definition under k6: its load shape becomes a ramping-arrival-rate scenario, its thresholds
 * k6 thresholds, its requests k6 HTTP requests tagged with `name` and `target`, and handleSummary prints the same
 * summary and last line as the Node twin and writes the summary JSON under loadtest/reports/.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Gauge, Rate, Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import { buildStages, loadTimeline, resolveLoadConfig, resolveLoadShape, runThresholds } from '../lib/load-config.ts';
import { formatSummaryText, type RunSummaryData } from '../lib/run-summary.ts';
import { scenarioKit, type ScenarioKit } from '../lib/scenario-kit.ts';
import type {
  CustomMetricKind,
  LoadRequest,
  LoadResponse,
  ScenarioContext,
  ScenarioDefinition,
} from '../lib/scenario-types.ts';

type K6Metric = Counter | Gauge | Rate | Trend;

function createMetric(name: string, kind: CustomMetricKind): K6Metric {
  if (kind === 'trend') return new Trend(name, true);
  if (kind === 'counter') return new Counter(name);
  if (kind === 'rate') return new Rate(name);
  return new Gauge(name);
}

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lowered: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return lowered;
}

async function send(request: LoadRequest): Promise<LoadResponse> {
  const response = await http.asyncRequest(request.method, request.url, request.body ?? null, {
    headers: request.headers ?? {},
    tags: { name: request.name, target: request.target ?? 'api' },
    responseCallback: http.expectedStatuses(...(request.expect ?? [200])),
    timeout: `${request.timeoutMs ?? 30_000}ms`,
  });
  return {
    status: response.status,
    body: typeof response.body === 'string' ? response.body : '',
    headers: lowerCaseHeaders(response.headers),
    durationMs: response.timings.duration,
    ...(response.error ? { error: response.error } : {}),
  };
}

export interface K6Entry<SetupData> {
  options: Record<string, unknown>;
  setup(): Promise<SetupData>;
  iteration(data: SetupData): Promise<void>;
  /** The definition's monitor (the k6 entry exports it as `monitor` when the definition has one). */
  monitor(data: SetupData): Promise<void>;
  teardown(data: SetupData): Promise<void>;
  handleSummary(data: RunSummaryData): Record<string, string>;
}

/** Everything a k6 entry script exports, built in the init context from the scenario's definition and __ENV. */
export function k6Entry<SetupData>(define: (kit: ScenarioKit) => ScenarioDefinition<SetupData>): K6Entry<SetupData> {
  const definition = define(scenarioKit);
  const config = resolveLoadConfig(__ENV);
  const shape = resolveLoadShape(definition.load, __ENV);
  const reportsDir = __ENV.LOADTEST_REPORTS_DIR ?? 'loadtest/reports';
  const metrics = new Map<string, K6Metric>();
  for (const [name, kind] of Object.entries(definition.metrics)) metrics.set(name, createMetric(name, kind));

  const context = (): ScenarioContext => ({
    http: { request: send, batch: (requests) => Promise.all(requests.map(send)) },
    check: (response, checks) => check(response, checks),
    add: (name, value) => {
      const metric = metrics.get(name);
      if (!metric) throw new Error(`${definition.name} adds to ${name}, which it did not declare in metrics`);
      metric.add(value);
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    log: (line) => console.log(`[${definition.name}] ${line}`),
    note: (title, rows) =>
      console.log(`[${definition.name}] ${title}\n${rows.map((row) => `  ${JSON.stringify(row)}`).join('\n')}`),
    // setup and teardown run outside any VU (__VU 0): they act as the first.
    vu: Math.max(1, __VU),
    iteration: __VU > 0 ? exec.vu.iterationInScenario : 0,
  });

  const stages = buildStages(shape);
  const thresholds: Record<string, string[]> = {};
  for (const [metric, expressions] of Object.entries(runThresholds(definition.thresholds, stages))) {
    thresholds[metric] = [...expressions];
  }
  const timeline = loadTimeline(stages);
  // The monitor runs once in a VU of its own beside the load, from the start until it returns.
  const monitorScenario = definition.monitor
    ? {
        [`${definition.name}-monitor`]: {
          executor: 'per-vu-iterations',
          vus: 1,
          iterations: 1,
          exec: 'monitor',
          maxDuration: `${Math.ceil(timeline.endMs / 1_000) + 60}s`,
          gracefulStop: '10s',
        },
      }
    : {};

  return {
    options: {
      scenarios: {
        [definition.name]: {
          executor: 'ramping-arrival-rate',
          startRate: 0,
          timeUnit: '1s',
          preAllocatedVUs: Math.min(shape.maxVUs, Math.max(2, shape.rate * 2)),
          maxVUs: shape.maxVUs,
          stages,
          gracefulStop: '40s',
        },
        ...monitorScenario,
      },
      thresholds,
      noVUConnectionReuse: definition.connectionReuse === 'within-iteration',
      summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
      setupTimeout: '120s',
    },
    setup: () => definition.setup(context(), config),
    iteration: (data) => definition.iteration(context(), data, config),
    monitor: async (data) => {
      if (definition.monitor) await definition.monitor(context(), data, config, timeline);
    },
    teardown: async (data) => {
      if (definition.teardown) await definition.teardown(context(), data, config);
    },
    handleSummary: (data) => ({
      stdout: `${formatSummaryText(definition.name, data)}\n`,
      [`${reportsDir}/${definition.name}-k6-summary.json`]: JSON.stringify(data, null, 2),
    }),
  };
}
