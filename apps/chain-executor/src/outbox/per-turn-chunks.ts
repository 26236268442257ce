/**
 * Collects what is added during one turn of the event loop and hands it over, once the turn is done, in chunks of
 * at most `max` (in the order added). The shape behind the executor's per-turn reads (#shared/db tick-loader.ts)
 * and group commits (#shared/messaging grouped-outbox.ts): work started together is done together.
 */
export function perTurnChunks<T>(max: number, handle: (chunk: T[]) => void): (item: T) => void {
  let pending: T[] = [];
  const flush = () => {
    const all = pending;
    pending = [];
    for (let start = 0; start < all.length; start += max) handle(all.slice(start, start + max));
  };
  return (item) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(item);
  };
}
