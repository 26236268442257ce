/**
 * Coalesces lookups by id made in the same turn of the event loop into one query (the DataLoader pattern, without
 * its cache): every caller gets a fresh read, but a worker that starts many jobs at once (a burst of deliveries)
 * reads their rows with one `WHERE id IN (…)` instead of one query each. A failed query fails every lookup of its
 * turn with the same error, as each lookup alone would have failed.
 */
export type LoadMany<V> = (ids: readonly string[]) => Promise<Map<string, V>>;

interface Pending<V> {
  resolve: (value: V | null) => void;
  reject: (reason: unknown) => void;
}

/** `(id) => row or null`, batched per turn; at most `maxBatch` ids per query. */
export function createTickLoader<V>(loadMany: LoadMany<V>, maxBatch = 100): (id: string) => Promise<V | null> {
  let waiting = new Map<string, Array<Pending<V>>>();

  function load(batch: Map<string, Array<Pending<V>>>): void {
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [id, callers] of batch) for (const caller of callers) caller.resolve(found.get(id) ?? null);
      },
      (error: unknown) => {
        for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
      },
    );
  }

  function flush(): void {
    const all = [...waiting];
    waiting = new Map();
    for (let start = 0; start < all.length; start += maxBatch) load(new Map(all.slice(start, start + maxBatch)));
  }

  return (id) =>
    new Promise<V | null>((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const callers = waiting.get(id);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(id, [{ resolve, reject }]);
    });
}
