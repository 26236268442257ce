/*
 * The statistics of a run's samples, computed as k6 computes its end-of-test values: percentiles interpolate
 * linearly between the two nearest ranks, rates are the share of non-zero samples, counters sum.
 */

/** The p-th percentile (0–100) of ascending `sorted`, interpolated between ranks as k6 does; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  if (sorted.length === 1) return sorted[0] ?? 0;
  const position = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  return low + ((sorted[upper] ?? low) - low) * (position - lower);
}

/** avg, min, med, max and the 90th, 95th and 99th percentiles: k6's trend values (summaryTrendStats). */
export function trendValues(samples: readonly number[]): Record<string, number> {
  if (samples.length === 0) return {};
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    avg: sum / sorted.length,
    min: sorted[0] ?? 0,
    med: percentile(sorted, 50),
    max: sorted[sorted.length - 1] ?? 0,
    'p(90)': percentile(sorted, 90),
    'p(95)': percentile(sorted, 95),
    'p(99)': percentile(sorted, 99),
  };
}

/** count and per-second rate over the run. */
export function counterValues(samples: readonly number[], durationMs: number): Record<string, number> {
  const count = samples.reduce((total, value) => total + value, 0);
  return { count, rate: durationMs > 0 ? count / (durationMs / 1_000) : 0 };
}

/** The share of non-zero samples (`rate`), and how many were non-zero (`passes`) and zero (`fails`). */
export function rateValues(samples: readonly number[]): Record<string, number> {
  if (samples.length === 0) return {};
  const passes = samples.filter((value) => value !== 0).length;
  return { rate: passes / samples.length, passes, fails: samples.length - passes };
}

/** The last value added, and the smallest and largest. */
export function gaugeValues(samples: readonly number[]): Record<string, number> {
  if (samples.length === 0) return {};
  return { value: samples[samples.length - 1] ?? 0, min: Math.min(...samples), max: Math.max(...samples) };
}
