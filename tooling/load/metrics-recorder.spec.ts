import { describe, expect, it } from '@jest/globals';
import { MetricsRecorder } from './metrics-recorder.js';

function recorderAt(times: number[]): MetricsRecorder {
  let index = 0;
  return new MetricsRecorder(
    0,
    { delivery_ms: 'trend', mismatches: 'counter' },
    () => times[Math.min(index++, times.length - 1)]!,
  );
}

describe('metrics recorder', () => {
  it('separates api requests from receiver polls through the target tag of a threshold', () => {
    const recorder = new MetricsRecorder(0, {}, () => 500);
    recorder.recordRequest({ name: 'GET /v1/markets', target: 'api', status: 200, durationMs: 10, failed: false });
    recorder.recordRequest({ name: 'GET /v1/markets', target: 'api', status: 500, durationMs: 30, failed: true });
    recorder.recordRequest({ name: 'GET receiver', target: 'receiver', status: 200, durationMs: 5_000, failed: false });
    const summary = recorder.summarize(
      { 'http_req_duration{target:api}': ['max<100'], 'http_req_failed{target:api}': ['rate<0.01'] },
      1_000,
    );
    expect(summary.metrics['http_reqs']!.values.count).toBe(3);
    expect(summary.metrics['http_req_duration{target:api}']).toMatchObject({
      type: 'trend',
      values: { max: 30, min: 10 },
      thresholds: { 'max<100': { ok: true } },
    });
    expect(summary.metrics['http_req_failed{target:api}']).toMatchObject({
      values: { rate: 0.5, passes: 1, fails: 1 },
      thresholds: { 'rate<0.01': { ok: false } },
    });
  });

  it('records checks as a rate and keeps the count of each named check', () => {
    const recorder = new MetricsRecorder(0, {});
    recorder.recordCheck('status 200', true);
    recorder.recordCheck('status 200', false);
    recorder.recordCheck('has body', true);
    expect(recorder.summarize({ checks: ['rate>0.9'] }, 1_000).metrics['checks']).toMatchObject({
      values: { passes: 2, fails: 1 },
      thresholds: { 'rate>0.9': { ok: false } },
    });
    expect(recorder.checkCounts.get('status 200')).toEqual({ passes: 1, fails: 1 });
  });

  it('judges a declared metric that never got a sample as having none', () => {
    const summary = recorderAt([0]).summarize({ mismatches: ['count==0'], delivery_ms: ['p(95)<10'] }, 1_000);
    expect(summary.metrics['mismatches']!.thresholds).toEqual({ 'count==0': { ok: true } });
    expect(summary.metrics['delivery_ms']!.thresholds).toEqual({ 'p(95)<10': { ok: true } });
  });

  it('refuses a sample of an undeclared metric and a threshold on an unknown one', () => {
    const recorder = new MetricsRecorder(0, {});
    expect(() => recorder.add('typo_ms', 1)).toThrow(/not declared/);
    expect(() => recorder.summarize({ typo_ms: ['p(95)<1'] }, 1)).toThrow(/no such metric/);
  });

  it('buckets api requests per second with their errors and percentiles, empty seconds included', () => {
    const recorder = new MetricsRecorder(0, {});
    recorder.recordRequest({ at: 100, name: 'a', target: 'api', status: 200, durationMs: 10, failed: false });
    recorder.recordRequest({ at: 900, name: 'a', target: 'api', status: 503, durationMs: 20, failed: true });
    recorder.recordRequest({ at: 2_100, name: 'a', target: 'api', status: 200, durationMs: 40, failed: false });
    recorder.recordRequest({ at: 2_200, name: 'r', target: 'receiver', status: 200, durationMs: 999, failed: false });
    expect(recorder.secondBuckets()).toEqual([
      { second: 0, requests: 2, errors: 1, p50: 15, p95: 19.5, p99: 19.9 },
      { second: 1, requests: 0, errors: 0, p50: 0, p95: 0, p99: 0 },
      { second: 2, requests: 1, errors: 0, p50: 40, p95: 40, p99: 40 },
    ]);
  });
});
