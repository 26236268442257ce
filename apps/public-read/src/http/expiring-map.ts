/**
 * A bounded in-process map whose entries expire at a given time (the injected clock's milliseconds). When full, the
 * oldest insertion is evicted first. Used for the per-replica caches of hot public reads.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly nowMs: () => number,
  ) {}

  get(key: string): V | undefined {
    return this.entry(key)?.value;
  }

  /** The live entry of `key` with its expiry time. */
  entry(key: string): { value: V; expiresAt: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.nowMs()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (expiresAt <= this.nowMs()) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  get size(): number {
    return this.entries.size;
  }
}
