/*
 * A run's self-contained HTML report (what k6's web dashboard shows): the verdict line, thresholds, metrics,
 * requests by name, checks, the scenario's notes (soak: process figures) and charts of latency, throughput,
 * iterations in flight and the scenario's own trends over time, all inline (SVG, CSS); the run itself is embedded
 * as JSON (`<script type="application/json" id="run-data">`).
 */
import { formatSummaryLine, summaryFigures } from '../../loadtest/lib/run-summary.js';
import type { ScenarioRun } from './run-scenario.js';
import { escapeXml, renderLineChart } from './svg-chart.js';

const [BLUE, ORANGE, RED, , PURPLE] = ['#1f77b4', '#ff7f0e', '#d62728', '#2ca02c', '#9467bd'] as const;
const PERCENTILE_COLORS = { p50: BLUE, p95: ORANGE, p99: RED } as const;

function table(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const head = headers.map((header) => `<th>${escapeXml(header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeXml(String(cell))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const fixed = (value: number | undefined): string =>
  value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);

function charts(run: ScenarioRun): string[] {
  const latency = renderLineChart({
    title: 'API latency per second (ms)',
    xLabel: 'seconds into the run',
    yLabel: 'ms',
    series: (['p50', 'p95', 'p99'] as const).map((key) => ({
      label: key,
      color: PERCENTILE_COLORS[key],
      points: run.seconds
        .filter((bucket) => bucket.requests > 0)
        .map((bucket) => ({ x: bucket.second, y: bucket[key] })),
    })),
  });
  const throughput = renderLineChart({
    title: 'API throughput (requests per second) and errors',
    xLabel: 'seconds into the run',
    yLabel: 'per second',
    series: [
      {
        label: 'requests/s',
        color: BLUE,
        points: run.seconds.map((bucket) => ({ x: bucket.second, y: bucket.requests })),
      },
      {
        label: 'errors/s',
        color: RED,
        points: run.seconds.map((bucket) => ({ x: bucket.second, y: bucket.errors })),
      },
    ],
  });
  const inFlight = renderLineChart({
    title: 'Iterations in flight (virtual users busy)',
    xLabel: 'seconds into the run',
    yLabel: 'iterations',
    series: [
      { label: 'in flight', color: PURPLE, points: run.inFlight.map((count, second) => ({ x: second, y: count })) },
    ],
  });
  const custom = Object.entries(run.customTrends).map(([metric, points]) =>
    renderLineChart({
      title: `${metric}: p95 per second`,
      xLabel: 'seconds into the run',
      yLabel: 'ms',
      series: [{ label: 'p95', color: ORANGE, points: points.map((point) => ({ x: point.second, y: point.p95 })) }],
    }),
  );
  return [latency, throughput, inFlight, ...custom];
}

export function renderHtmlReport(run: ScenarioRun): string {
  const figures = summaryFigures(run.scenario, run.summary);
  const line = formatSummaryLine(figures);
  const metrics = Object.entries(run.summary.metrics).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const thresholdRows = metrics.flatMap(([name, metric]) =>
    Object.entries(metric.thresholds ?? {}).map(([expression, verdict]) => [
      verdict.ok ? 'pass' : 'FAIL',
      name,
      expression,
    ]),
  );
  const metricRows = metrics.map(([name, metric]) => {
    const values = metric.values;
    return [
      name,
      metric.type,
      Object.entries(values)
        .map(([key, value]) => `${key}=${fixed(value)}`)
        .join('  '),
    ];
  });
  const embedded = JSON.stringify(run).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(`${run.scenario} load report ${run.startedAt}`)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; margin: 8px 0 20px; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
th { background: #f3f3f3; }
code.verdict { display: block; padding: 8px; font-size: 14px; background: ${figures.thresholdsPassed ? '#e6f4ea' : '#fce8e6'}; }
section.charts svg { display: block; margin-bottom: 16px; }
</style>
</head>
<body>
<h1>${escapeXml(run.scenario)}: ${figures.thresholdsPassed ? 'thresholds met' : 'thresholds NOT met'}</h1>
<p>${escapeXml(run.description)}. Started ${escapeXml(run.startedAt)}; profile ${escapeXml(run.shape.profile)}, peak ${run.shape.rate} iterations/s, hold ${escapeXml(run.shape.hold)}, at most ${run.shape.maxVUs} in flight.</p>
<code class="verdict">${escapeXml(line)}</code>
<h2>Thresholds</h2>
${table(['verdict', 'metric', 'threshold'], thresholdRows)}
<section class="charts">
<h2>Over time</h2>
${charts(run).join('\n')}
</section>
<h2>Requests by name</h2>
${table(
  ['request', 'target', 'count', 'failed', 'p95 ms', 'p99 ms'],
  run.byRequest.map((entry) => [
    entry.name,
    entry.target,
    entry.count,
    entry.failed,
    fixed(entry.p95),
    fixed(entry.p99),
  ]),
)}
<h2>Checks</h2>
${table(
  ['check', 'passed', 'failed'],
  run.checks.map((check) => [check.name, check.passes, check.fails]),
)}
${run.notes
  .map(
    (note) =>
      `<h2>${escapeXml(note.title)}</h2>\n${table(
        Object.keys(note.rows[0] ?? {}),
        note.rows.map((row) => Object.values(row)),
      )}`,
  )
  .join('\n')}
<h2>Metrics</h2>
${table(['metric', 'type', 'values'], metricRows)}
<h2>Stages</h2>
${table(
  ['duration', 'target iterations/s'],
  run.stages.map((stage) => [stage.duration, stage.target]),
)}
${run.logs.length > 0 ? `<h2>Log</h2>\n<pre>${escapeXml(run.logs.join('\n'))}</pre>` : ''}
<script type="application/json" id="run-data">${embedded}</script>
</body>
</html>
`;
}
