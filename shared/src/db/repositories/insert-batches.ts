const INSERT_BATCH = 500;

/** Multi-row inserts go in batches of INSERT_BATCH rows (a bounded statement size). */
export function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) yield rows.slice(start, start + INSERT_BATCH);
}
