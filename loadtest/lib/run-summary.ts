/*
 * A run's summary in k6's end-of-test shape (`handleSummary(data)`: metrics with their values and threshold
 * verdicts), which the Node twin produces too; from it both runtimes print the same text and the same last line:
 *   scenario=NAME requests=N rps=N p95_ms=N p99_ms=N errors=N thresholds=pass|fail
 * The figures of the last line cover the `api` requests only (not the webhook receiver or /metrics); rps, p95 and
 * p99 carry one decimal.
 */

export type SummaryMetricType = 'trend' | 'counter' | 'rate' | 'gauge';

export interface SummaryMetric {
  type: SummaryMetricType;
  /** k6 value names: avg, min, med, max, p(90), p(95), p(99) | count, rate | rate, passes, fails | value. */
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface RunSummaryData {
  state: { testRunDurationMs: number };
  metrics: Record<string, SummaryMetric>;
}

export interface SummaryFigures {
  scenario: string;
  requests: number;
  rps: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  thresholdsPassed: boolean;
}

export const API_REQUESTS = 'http_reqs{target:api}';
export const API_DURATION = 'http_req_duration{target:api}';
export const API_FAILED = 'http_req_failed{target:api}';

export function summaryFigures(scenario: string, data: RunSummaryData): SummaryFigures {
  const requests = data.metrics[API_REQUESTS]?.values.count ?? 0;
  const seconds = data.state.testRunDurationMs / 1_000;
  return {
    scenario,
    requests,
    rps: seconds > 0 ? requests / seconds : 0,
    p95Ms: data.metrics[API_DURATION]?.values['p(95)'] ?? 0,
    p99Ms: data.metrics[API_DURATION]?.values['p(99)'] ?? 0,
    errors: data.metrics[API_FAILED]?.values.passes ?? 0,
    thresholdsPassed: Object.values(data.metrics).every((metric) =>
      Object.values(metric.thresholds ?? {}).every((verdict) => verdict.ok),
    ),
  };
}

const oneDecimal = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '0.0');

export function formatSummaryLine(figures: SummaryFigures): string {
  return [
    `scenario=${figures.scenario}`,
    `requests=${Math.round(figures.requests)}`,
    `rps=${oneDecimal(figures.rps)}`,
    `p95_ms=${oneDecimal(figures.p95Ms)}`,
    `p99_ms=${oneDecimal(figures.p99Ms)}`,
    `errors=${Math.round(figures.errors)}`,
    `thresholds=${figures.thresholdsPassed ? 'pass' : 'fail'}`,
  ].join(' ');
}

const SHOWN_VALUES: Record<SummaryMetricType, readonly string[]> = {
  trend: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  counter: ['count', 'rate'],
  rate: ['rate', 'passes', 'fails'],
  gauge: ['value'],
};

function formatValue(name: string, value: number): string {
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(name === 'rate' ? 4 : 2);
  return `${name}=${shown}`;
}

/**
 * The metrics (sorted by name) with their values, each threshold with ✓ or ✗, the iterations run and dropped (no
 * VU free when due), then the summary line.
 */
export function formatSummaryText(scenario: string, data: RunSummaryData): string {
  const names = Object.keys(data.metrics).sort();
  const width = Math.max(...names.map((name) => name.length), 10);
  const lines = [`scenario ${scenario}: ${(data.state.testRunDurationMs / 1_000).toFixed(1)} s`, '', 'metrics'];
  for (const name of names) {
    const metric = data.metrics[name]!;
    const values = SHOWN_VALUES[metric.type]
      .filter((value) => metric.values[value] !== undefined)
      .map((value) => formatValue(value, metric.values[value]!));
    lines.push(`  ${name.padEnd(width)}  ${values.join(' ')}`);
  }
  lines.push('', 'thresholds');
  for (const name of names) {
    for (const [expression, verdict] of Object.entries(data.metrics[name]!.thresholds ?? {})) {
      lines.push(`  ${verdict.ok ? '✓' : '✗'} ${name} ${expression}`);
    }
  }
  const count = (metric: string) => Math.round(data.metrics[metric]?.values.count ?? 0);
  lines.push('', `iterations=${count('iterations')} dropped_iterations=${count('dropped_iterations')}`);
  lines.push(formatSummaryLine(summaryFigures(scenario, data)));
  return lines.join('\n');
}
