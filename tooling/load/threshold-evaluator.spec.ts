import { describe, expect, it } from '@jest/globals';
import { evaluateThreshold, parseMetricKey, parseThreshold } from './threshold-evaluator.js';

describe('threshold evaluator', () => {
  const latency = { avg: 40, med: 30, 'p(95)': 180, 'p(99)': 420, max: 900 };

  it('passes a percentile bound the run stayed under and fails one it crossed', () => {
    expect(evaluateThreshold('p(95)<250', latency)).toEqual({ ok: true, actual: 180 });
    expect(evaluateThreshold('p(99)<400', latency)).toEqual({ ok: false, actual: 420 });
  });

  it('judges error rates, counts and gauges with every k6 comparison operator', () => {
    expect(evaluateThreshold('rate<0.01', { rate: 0.02 }).ok).toBe(false);
    expect(evaluateThreshold('rate<=0.02', { rate: 0.02 }).ok).toBe(true);
    expect(evaluateThreshold('count==0', { count: 0 }).ok).toBe(true);
    expect(evaluateThreshold('count===0', { count: 1 }).ok).toBe(false);
    expect(evaluateThreshold('count!=0', { count: 1 }).ok).toBe(true);
    expect(evaluateThreshold('value>=64', { value: 64 }).ok).toBe(true);
    expect(evaluateThreshold('avg > 50', latency).ok).toBe(false);
  });

  it('counts a metric without samples as zero and lets other aggregations of nothing pass', () => {
    expect(evaluateThreshold('count>0', {})).toEqual({ ok: false, actual: 0 });
    expect(evaluateThreshold('p(95)<100', {})).toEqual({ ok: true, actual: null });
  });

  it('refuses an expression k6 would not accept', () => {
    expect(() => parseThreshold('p95<100')).toThrow(/not a threshold expression/);
    expect(() => parseThreshold('rate<')).toThrow(/not a threshold expression/);
    expect(parseThreshold('p(99.9)<=5')).toEqual({ aggregation: 'p(99.9)', operator: '<=', bound: 5 });
  });

  it('splits a metric key into its name and tag filter', () => {
    expect(parseMetricKey('http_req_duration{target:api,name:GET /x}')).toEqual({
      metric: 'http_req_duration',
      tags: { target: 'api', name: 'GET /x' },
    });
    expect(parseMetricKey('checks')).toEqual({ metric: 'checks', tags: {} });
  });
});
