import { describe, expect, it } from '@jest/globals';
import { renderHtmlReport } from './html-report.js';
import type { ScenarioRun } from './run-scenario.js';

const hostile = '<script>alert("x")</script>';

const run: ScenarioRun = {
  scenario: 'v1-reads',
  description: 'authenticated reads',
  startedAt: '2026-11-25T19:00:00.000Z',
  shape: { profile: 'ramp', rate: 20, hold: '1m', maxVUs: 60 },
  stages: [{ duration: '15s', target: 20 }],
  summary: {
    state: { testRunDurationMs: 3_000 },
    metrics: {
      'http_reqs{target:api}': { type: 'counter', values: { count: 60, rate: 20 } },
      'http_req_duration{target:api}': {
        type: 'trend',
        values: { avg: 11, med: 9, 'p(90)': 18, 'p(95)': 21.5, 'p(99)': 37.25, max: 40 },
        thresholds: { 'p(95)<250': { ok: true }, 'p(99)<30': { ok: false } },
      },
      'http_req_failed{target:api}': { type: 'rate', values: { rate: 0, passes: 0, fails: 60 } },
    },
  },
  seconds: [
    { second: 0, requests: 15, errors: 0, p50: 8, p95: 20, p99: 30 },
    { second: 1, requests: 25, errors: 1, p50: 9, p95: 22, p99: 38 },
    { second: 2, requests: 20, errors: 0, p50: 9, p95: 21, p99: 35 },
  ],
  inFlight: [3, 5, 4],
  interrupted: 0,
  customTrends: { webhook_delivery_ms: [{ second: 1, p95: 120 }] },
  byRequest: [{ name: hostile, target: 'api', count: 60, failed: 0, p95: 21.5, p99: 37.25 }],
  checks: [{ name: 'status 200', passes: 60, fails: 0 }],
  rateLimited: [],
  notes: [{ title: 'process figures (start → end)', rows: [{ deployable: 'trading-api', 'rss growth MB': 1.5 }] }],
  logs: ['a line'],
};

/** Every opened element is closed in order (void elements excepted): the document is well-formed enough to render. */
function unbalancedTags(html: string): string[] {
  const withoutData = html.replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/, '');
  const stack: string[] = [];
  const problems: string[] = [];
  for (const match of withoutData.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing || ['meta', 'br', 'hr'].includes(name!)) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) problems.push(`</${name}> out of order`);
  }
  return [...problems, ...stack.map((name) => `<${name}> never closed`)];
}

describe('HTML load report', () => {
  const html = renderHtmlReport(run);

  it('is one self-contained, well-formed document that loads nothing from elsewhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(unbalancedTags(html)).toEqual([]);
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html).not.toMatch(/<link\b/);
  });

  it('shows the verdict line and every threshold with its outcome', () => {
    expect(html).toContain('v1-reads: thresholds NOT met');
    expect(html).toContain('scenario=v1-reads requests=60 rps=20.0 p95_ms=21.5 p99_ms=37.3 errors=0 thresholds=fail');
    expect(html).toMatch(/<td>pass<\/td><td>http_req_duration\{target:api\}<\/td><td>p\(95\)&#60;250<\/td>/);
    expect(html).toMatch(/<td>FAIL<\/td><td>http_req_duration\{target:api\}<\/td><td>p\(99\)&#60;30<\/td>/);
  });

  it('draws latency, throughput, in-flight and custom-trend charts from the per-second data', () => {
    const charts = [...html.matchAll(/<svg [^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(charts).toEqual([
      'API latency per second (ms)',
      'API throughput (requests per second) and errors',
      'Iterations in flight (virtual users busy)',
      'webhook_delivery_ms: p95 per second',
    ]);
    const latencyChart = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    expect([...latencyChart.matchAll(/<polyline [^>]*points="([^"]+)"/g)].map((m) => m[1]!.split(' ').length)).toEqual([
      3, 3, 3,
    ]);
    expect(latencyChart).toContain('<title>p99 at 1 s: 38</title>');
  });

  it('embeds the run as JSON that parses back, and escapes names instead of running them', () => {
    const embedded = /<script type="application\/json" id="run-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(embedded)).toEqual(run);
    expect(html).not.toContain(hostile);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
  });

  it('lists the scenario notes as tables', () => {
    expect(html).toContain('<h2>process figures (start → end)</h2>');
    expect(html).toContain('<td>trading-api</td><td>1.5</td>');
  });
});
