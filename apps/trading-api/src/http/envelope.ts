/**
 * Response envelopes of the trading API (spec/trading-api.md, "Response meta" and "List envelope"). Handlers build
 * the envelope without `_meta`; the pipeline's respond() appends `_meta` (the shared appendMeta) after computing the
 * ETag over the rest, so the validator does not change with every request id.
 */
export interface Meta {
  requestId: string;
  timestamp: string;
  /** Writes only. */
  idempotent?: boolean;
}

export interface Pagination {
  cursor: string | null;
  hasMore: boolean;
  limit: number;
}

/** `{ <name>: resource, data: resource }`. */
export function resourceEnvelope<Name extends string, T>(name: Name, resource: T): Record<Name, T> & { data: T } {
  // cast: the object has the member `name` (TypeScript widens a computed key to an index signature) and `data`.
  return { [name]: resource, data: resource } as Record<Name, T> & { data: T };
}

/** `{ data: items, pagination }`. */
export function listEnvelope<T>(items: T[], pagination: Pagination) {
  return { data: items, pagination };
}
