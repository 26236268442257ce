/*
 * Collects a Node-twin run's samples (requests, checks, the scenario's own metrics) and turns them into k6's
 * end-of-test summary shape with threshold verdicts, plus per-second series.
 */
import type { RunSummaryData, SummaryMetric } from '../../loadtest/lib/run-summary.js';
import type { CustomMetricKind, RequestTarget, Thresholds } from '../../loadtest/lib/scenario-types.js';
import { counterValues, gaugeValues, rateValues, trendValues } from './summary-math.js';
import { evaluateThreshold, parseMetricKey } from './threshold-evaluator.js';

export interface RequestSample {
  /** ms since the run started, when the request was sent. */
  at: number;
  name: string;
  target: RequestTarget;
  status: number;
  durationMs: number;
  failed: boolean;
}

interface ValueSample {
  at: number;
  value: number;
  tags: Record<string, string>;
}

export interface SecondBucket {
  second: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Metrics every run has, and their kinds; the scenario's own are added from its definition. */
const BUILT_IN: Record<string, CustomMetricKind> = {
  http_reqs: 'counter',
  http_req_duration: 'trend',
  http_req_failed: 'rate',
  checks: 'rate',
  iterations: 'counter',
  dropped_iterations: 'counter',
  iteration_errors: 'counter',
};

export class MetricsRecorder {
  readonly requests: RequestSample[] = [];
  private readonly values = new Map<string, ValueSample[]>();
  private readonly kinds: Record<string, CustomMetricKind>;
  readonly checkCounts = new Map<string, { passes: number; fails: number }>();

  constructor(
    private readonly startedAt: number,
    custom: Record<string, CustomMetricKind>,
    private readonly clock: () => number = Date.now,
  ) {
    this.kinds = { ...BUILT_IN, ...custom };
  }

  elapsed(): number {
    return this.clock() - this.startedAt;
  }

  recordRequest(sample: Omit<RequestSample, 'at'> & { at?: number }): void {
    const full: RequestSample = { ...sample, at: sample.at ?? this.elapsed() };
    this.requests.push(full);
    const tags = { name: full.name, target: full.target };
    this.push('http_reqs', 1, tags, full.at);
    this.push('http_req_duration', full.durationMs, tags, full.at);
    this.push('http_req_failed', full.failed ? 1 : 0, tags, full.at);
  }

  recordCheck(name: string, passed: boolean): void {
    const counts = this.checkCounts.get(name) ?? { passes: 0, fails: 0 };
    if (passed) counts.passes += 1;
    else counts.fails += 1;
    this.checkCounts.set(name, counts);
    this.push('checks', passed ? 1 : 0, { check: name });
  }

  /** A sample of a declared metric (the scenario's own or a built-in counter). */
  add(metric: string, value: number, tags: Record<string, string> = {}): void {
    if (!(metric in this.kinds)) throw new Error(`metric ${metric} was not declared in the scenario's metrics`);
    this.push(metric, value, tags);
  }

  samplesOf(metric: string): readonly ValueSample[] {
    return this.values.get(metric) ?? [];
  }

  private push(metric: string, value: number, tags: Record<string, string>, at = this.elapsed()): void {
    const samples = this.values.get(metric) ?? [];
    samples.push({ at, value, tags });
    this.values.set(metric, samples);
  }

  private metricValues(key: string, durationMs: number): SummaryMetric | undefined {
    const { metric, tags } = parseMetricKey(key);
    const type = this.kinds[metric];
    if (type === undefined) return undefined;
    const samples = this.samplesOf(metric)
      .filter((sample) => Object.entries(tags).every(([tag, value]) => sample.tags[tag] === value))
      .map((sample) => sample.value);
    const values =
      type === 'trend'
        ? trendValues(samples)
        : type === 'counter'
          ? counterValues(samples, durationMs)
          : type === 'rate'
            ? rateValues(samples)
            : gaugeValues(samples);
    return { type, values };
  }

  /** Every metric with samples, every threshold's metric (with its tag filter) and its verdicts. */
  summarize(thresholds: Thresholds, durationMs: number): RunSummaryData {
    const metrics: Record<string, SummaryMetric> = {};
    for (const name of Object.keys(this.kinds)) {
      const values = this.samplesOf(name).length > 0 ? this.metricValues(name, durationMs) : undefined;
      if (values) metrics[name] = values;
    }
    for (const [key, expressions] of Object.entries(thresholds)) {
      const metric = metrics[key] ?? this.metricValues(key, durationMs);
      if (!metric) throw new Error(`threshold on ${key}: no such metric`);
      metric.thresholds = {};
      for (const expression of expressions) {
        metric.thresholds[expression] = { ok: evaluateThreshold(expression, metric.values).ok };
      }
      metrics[key] = metric;
    }
    return { state: { testRunDurationMs: durationMs }, metrics };
  }

  /** Per second of the run: `target` requests sent, how many failed, and their latency percentiles. */
  secondBuckets(target: RequestTarget = 'api'): SecondBucket[] {
    const bySecond = new Map<number, RequestSample[]>();
    for (const sample of this.requests) {
      if (sample.target !== target) continue;
      const second = Math.floor(sample.at / 1_000);
      const bucket = bySecond.get(second);
      if (bucket) bucket.push(sample);
      else bySecond.set(second, [sample]);
    }
    const last = Math.max(-1, ...bySecond.keys());
    const buckets: SecondBucket[] = [];
    for (let second = 0; second <= last; second += 1) {
      const samples = bySecond.get(second) ?? [];
      const trend = trendValues(samples.map((sample) => sample.durationMs));
      buckets.push({
        second,
        requests: samples.length,
        errors: samples.filter((sample) => sample.failed).length,
        p50: trend.med ?? 0,
        p95: trend['p(95)'] ?? 0,
        p99: trend['p(99)'] ?? 0,
      });
    }
    return buckets;
  }
}
