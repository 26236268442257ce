/*
 * A line chart as inline SVG (no script, no CDN): lines over time with axes, ticks, a legend and a tooltip per
 * point (the SVG <title>), for the self-contained HTML report.
 */

export interface ChartSeries {
  label: string;
  color: string;
  points: ReadonlyArray<{ x: number; y: number }>;
}

export interface LineChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly ChartSeries[];
  width?: number;
  height?: number;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Round-ish tick steps: 1, 2, 5 × 10^n covering `span` in about `count` steps. */
export function tickStep(span: number, count: number): number {
  if (span <= 0) return 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw);
  return step ?? 10 * magnitude;
}

const formatTick = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export function renderLineChart(chart: LineChart): string {
  const width = chart.width ?? 900;
  const height = chart.height ?? 260;
  const margin = { left: 60, right: 16, top: 28, bottom: 40 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const points = chart.series.flatMap((series) => series.points);
  const maxX = Math.max(1, ...points.map((point) => point.x));
  const maxY = Math.max(1, ...points.map((point) => point.y));
  const yStep = tickStep(maxY, 5);
  const yTop = Math.ceil(maxY / yStep) * yStep;
  const xStep = tickStep(maxX, 10);
  const sx = (x: number) => margin.left + (x / maxX) * plotWidth;
  const sy = (y: number) => margin.top + plotHeight - (y / yTop) * plotHeight;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(chart.title)}">`,
    `<text x="${margin.left}" y="18" font-size="14" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  for (let y = 0; y <= yTop + 1e-9; y += yStep) {
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${sy(y)}" y2="${sy(y)}" stroke="#ddd"/>`,
      `<text x="${margin.left - 6}" y="${sy(y) + 4}" font-size="11" text-anchor="end">${formatTick(y)}</text>`,
    );
  }
  for (let x = 0; x <= maxX + 1e-9; x += xStep) {
    parts.push(
      `<text x="${sx(x)}" y="${height - margin.bottom + 16}" font-size="11" text-anchor="middle">${formatTick(x)}</text>`,
    );
  }
  parts.push(
    `<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${margin.top + plotHeight}" stroke="#333"/>`,
    `<line x1="${margin.left}" x2="${width - margin.right}" y1="${margin.top + plotHeight}" y2="${margin.top + plotHeight}" stroke="#333"/>`,
    `<text x="${margin.left + plotWidth / 2}" y="${height - 6}" font-size="11" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`,
    `<text x="14" y="${margin.top + plotHeight / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${margin.top + plotHeight / 2})">${escapeXml(chart.yLabel)}</text>`,
  );
  chart.series.forEach((series, index) => {
    const path = series.points.map((point) => `${sx(point.x).toFixed(1)},${sy(point.y).toFixed(1)}`).join(' ');
    if (path) parts.push(`<polyline fill="none" stroke="${series.color}" stroke-width="1.5" points="${path}"/>`);
    for (const point of series.points) {
      parts.push(
        `<circle cx="${sx(point.x).toFixed(1)}" cy="${sy(point.y).toFixed(1)}" r="2" fill="${series.color}"><title>${escapeXml(series.label)} at ${point.x} s: ${formatTick(point.y)}</title></circle>`,
      );
    }
    const legendX = width - margin.right - 140;
    const legendY = margin.top + 4 + index * 16;
    parts.push(
      `<rect x="${legendX}" y="${legendY - 8}" width="10" height="10" fill="${series.color}"/>`,
      `<text x="${legendX + 14}" y="${legendY + 1}" font-size="11">${escapeXml(series.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
