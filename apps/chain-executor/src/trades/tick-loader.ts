/**
 * Coalesces lookups by id made in the same turn of the event loop into one query (the DataLoader pattern, without
 * its cache): every caller gets a fresh read, but a worker that starts many jobs at once (a burst of deliveries)
 * reads their rows with one `WHERE id IN (…)` instead of one query each. A failed query fails every lookup of its
 * turn with the same error, as each lookup alone would have failed.
 */
import { perTurnChunks } from '../outbox/per-turn-chunks.js';

export type LoadMany<V> = (ids: readonly string[]) => Promise<Map<string, V>>;

interface Lookup<V> {
  id: string;
  resolve: (value: V | null) => void;
  reject: (reason: unknown) => void;
}

/** `(id) => row or null`, batched per turn; at most `maxBatch` lookups per query (an id asked twice is read once). */
export function createTickLoader<V>(loadMany: LoadMany<V>, maxBatch = 100): (id: string) => Promise<V | null> {
  const add = perTurnChunks<Lookup<V>>(maxBatch, (lookups) => {
    const ids = [...new Set(lookups.map((lookup) => lookup.id))];
    loadMany(ids).then(
      (found) => {
        for (const lookup of lookups) lookup.resolve(found.get(lookup.id) ?? null);
      },
      (error: unknown) => {
        for (const lookup of lookups) lookup.reject(error);
      },
    );
  });
  return (id) => new Promise<V | null>((resolve, reject) => add({ id, resolve, reject }));
}
