/** Maps `items` through `work`, at most `concurrency` at a time, keeping the input order. */
export async function mapInBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map(work))));
  }
  return results;
}
