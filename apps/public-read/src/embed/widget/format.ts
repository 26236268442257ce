/*
 * Pure formatting of the public API's numbers for the widget: probabilities are 0..1 numbers, volumes are cents
 * (spec/public-read-api.md, "Conventions"). Deterministic (no locale), so a page shows the same text everywhere.
 */

/** Placeholder for a value the API does not know yet (a market the indexer has not seen). */
export const UNKNOWN = '–';

/**
 * A probability as a whole percentage: `62%`; `<1%` and `>99%` rather than a misleading `0%` / `100%` for values
 * that are neither; `–` for null or anything that is not a finite number. Values outside 0..1 are clamped.
 */
export function formatProbability(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return UNKNOWN;
  const clamped = Math.min(1, Math.max(0, value));
  if (clamped > 0 && clamped < 0.005) return '<1%';
  if (clamped < 1 && clamped >= 0.995) return '>99%';
  return `${Math.round(clamped * 100)}%`;
}

/** The bar width of a probability, in percent of the track (0 when unknown). */
export function probabilityWidth(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10;
}

const UNITS = ['K', 'M', 'B'] as const;

/**
 * A volume in cents as compact dollars: `$0`, `$7`, `$12.50`, `$1.2K`, `$3.4M`, `$1B`. Below $1,000 whole dollars
 * show no cents; from $1,000 one decimal of the unit, carried to the next unit when it rounds to 1000 (`$1M`, not
 * `$1000K`). Negative or non-numeric input shows `–`.
 */
export function formatVolume(cents: unknown): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents) || cents < 0) return UNKNOWN;
  const dollars = Math.round(cents) / 100;
  if (dollars < 1000) return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
  let unit = Math.min(UNITS.length - 1, Math.floor(Math.log10(dollars) / 3) - 1);
  let tenths = Math.round((dollars / 1000 ** (unit + 1)) * 10);
  if (tenths >= 10_000 && unit < UNITS.length - 1) {
    unit += 1;
    tenths = Math.round(tenths / 1000);
  }
  return `$${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}${UNITS[unit]}`;
}
