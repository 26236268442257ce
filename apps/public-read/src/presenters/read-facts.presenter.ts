/** What a `_meta` says about the request: whether its X-API-Key was verified (http/api-key.ts), and when. */
export interface ReadFacts {
  authenticated: boolean;
  requestedAt: Date;
}

/** `{ authenticated, requestedAt }`, the `_meta` members of the thread reads. */
export function readMeta(facts: ReadFacts): { authenticated: boolean; requestedAt: string } {
  return { authenticated: facts.authenticated, requestedAt: facts.requestedAt.toISOString() };
}
