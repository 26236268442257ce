import { describe, expect, it } from '@jest/globals';
import {
  formatSummaryLine,
  formatSummaryText,
  summaryFigures,
  type RunSummaryData,
} from '../../loadtest/lib/run-summary.js';

const data = (thresholdOk: boolean): RunSummaryData => ({
  state: { testRunDurationMs: 20_000 },
  metrics: {
    'http_reqs{target:api}': { type: 'counter', values: { count: 1_234, rate: 61.7 } },
    'http_req_duration{target:api}': {
      type: 'trend',
      values: { avg: 12, med: 9, 'p(90)': 20, 'p(95)': 23.456, 'p(99)': 51.04, max: 80 },
      thresholds: { 'p(95)<250': { ok: true }, 'p(99)<50': { ok: thresholdOk } },
    },
    'http_req_failed{target:api}': { type: 'rate', values: { rate: 0.0024, passes: 3, fails: 1_231 } },
    http_reqs: { type: 'counter', values: { count: 1_300, rate: 65 } },
    iterations: { type: 'counter', values: { count: 400, rate: 20 } },
    dropped_iterations: {
      type: 'counter',
      values: { count: 3, rate: 0.15 },
      thresholds: { 'count<=4': { ok: true } },
    },
  },
});

describe('run summary shared by k6 handleSummary and the Node twin', () => {
  it('prints the last line in the exact agreed format, covering api requests only', () => {
    expect(formatSummaryLine(summaryFigures('v1-reads', data(true)))).toBe(
      'scenario=v1-reads requests=1234 rps=61.7 p95_ms=23.5 p99_ms=51.0 errors=3 thresholds=pass',
    );
  });

  it('fails the run when any threshold of any metric failed', () => {
    expect(summaryFigures('v1-reads', data(false)).thresholdsPassed).toBe(false);
    expect(formatSummaryLine(summaryFigures('v1-reads', data(false)))).toMatch(/ thresholds=fail$/);
  });

  it('reads zero figures from a run without api requests', () => {
    const empty: RunSummaryData = { state: { testRunDurationMs: 0 }, metrics: {} };
    expect(formatSummaryLine(summaryFigures('soak', empty))).toBe(
      'scenario=soak requests=0 rps=0.0 p95_ms=0.0 p99_ms=0.0 errors=0 thresholds=pass',
    );
  });

  it('lists metrics and each threshold verdict, and ends with the summary line', () => {
    const text = formatSummaryText('v1-reads', data(false));
    expect(text).toContain('✓ http_req_duration{target:api} p(95)<250');
    expect(text).toContain('✗ http_req_duration{target:api} p(99)<50');
    expect(text).toMatch(/http_req_failed\{target:api\}\s+rate=0\.0024 passes=3 fails=1231/);
    expect(text).toContain('✓ dropped_iterations count<=4');
    expect(text.split('\n').at(-2)).toBe('iterations=400 dropped_iterations=3');
    expect(text.split('\n').at(-1)).toBe(
      'scenario=v1-reads requests=1234 rps=61.7 p95_ms=23.5 p99_ms=51.0 errors=3 thresholds=fail',
    );
  });
});
