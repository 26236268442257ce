/*
 * Pure geometry of the widget's sparkline: probabilities (0..1, oldest first) to SVG path data in a fixed box.
 * The vertical range is the values' own range widened to at least `minSpan` (so noise does not look like a swing)
 * and kept inside 0..1; coordinates are rounded to 0.1 to keep the path short.
 */

export interface SparklineBox {
  width: number;
  height: number;
  /** Inset on every side, so the stroke is not clipped. */
  padding: number;
}

export type Point = readonly [x: number, y: number];

export const DEFAULT_MIN_SPAN = 0.1;

/** The [low, high] probabilities the box spans: the values' range, at least `minSpan` wide, within 0..1. */
export function sparklineDomain(values: readonly number[], minSpan = DEFAULT_MIN_SPAN): [number, number] {
  if (values.length === 0) return [0, 1];
  let low = Math.max(0, Math.min(...values));
  let high = Math.min(1, Math.max(...values));
  const missing = minSpan - (high - low);
  if (missing > 0) {
    low -= missing / 2;
    high += missing / 2;
    if (low < 0) [low, high] = [0, Math.min(1, high - low)];
    if (high > 1) [low, high] = [Math.max(0, low - (high - 1)), 1];
  }
  return [low, high];
}

const round = (value: number): number => Math.round(value * 10) / 10;

/** The points of `values` across the box (non-finite values skipped); one value is drawn as a level line. */
export function sparklinePoints(values: readonly number[], box: SparklineBox, minSpan = DEFAULT_MIN_SPAN): Point[] {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return [];
  const series = finite.length === 1 ? [...finite, ...finite] : finite;
  const [low, high] = sparklineDomain(series, minSpan);
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  const step = innerWidth / (series.length - 1);
  return series.map((value, index) => {
    const clamped = Math.min(high, Math.max(low, value));
    const y = box.padding + ((high - clamped) / (high - low)) * innerHeight;
    return [round(box.padding + index * step), round(y)] as const;
  });
}

/** SVG path data of the line through `points` (`M x,y L x,y …`), empty when there are none. */
export function linePath(points: readonly Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x},${y}`).join('');
}

/** SVG path data of the area under the line, closed along the bottom of the box. */
export function areaPath(points: readonly Point[], box: SparklineBox): string {
  const [first, last] = [points[0], points[points.length - 1]];
  if (!first || !last) return '';
  const bottom = box.height - box.padding;
  return `${linePath(points)}L${last[0]},${bottom}L${first[0]},${bottom}Z`;
}
