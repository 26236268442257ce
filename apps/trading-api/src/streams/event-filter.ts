/** Which of a key's events a stream sends (`?types=`, `?marketId=`); the others only move its position. */
export interface EventFilter {
  types: ReadonlySet<string> | null;
  marketId: string | null;
}

/** `types` is a comma-separated list (blank entries ignored); absent or empty = every type. */
export function parseEventFilter(query: { types?: unknown; marketId?: unknown }): EventFilter {
  const types =
    typeof query.types === 'string'
      ? query.types
          .split(',')
          .map((type) => type.trim())
          .filter((type) => type.length > 0)
      : [];
  return {
    types: types.length > 0 ? new Set(types) : null,
    marketId: typeof query.marketId === 'string' && query.marketId.length > 0 ? query.marketId : null,
  };
}

export function eventMatches(filter: EventFilter, event: { type: string; payload: Record<string, unknown> }): boolean {
  if (filter.types && !filter.types.has(event.type)) return false;
  if (filter.marketId === null) return true;
  const data = event.payload.data;
  return typeof data === 'object' && data !== null && 'marketId' in data && data.marketId === filter.marketId;
}

/**
 * Where a stream starts: after `Last-Event-ID` (what a reconnecting EventSource sends), else after `?after=`, else
 * null (live only: after the key's newest event). undefined when the value is not a sequence number (400).
 */
export function parseResumePoint(lastEventId: string | undefined, after: unknown): number | null | undefined {
  const raw = lastEventId !== undefined && lastEventId.trim() !== '' ? lastEventId.trim() : after;
  if (raw === undefined || raw === null || raw === '') return null;
  const text = String(raw);
  if (!/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}
