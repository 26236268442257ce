/** The id that disables every data route at once (health, ready and metrics are never switched off). */
export const ALL_ROUTES = '*';

/**
 * Parses a kill-switch list: the value of the `ROUTE_DISABLED` ConfigMap key, a mounted file or the env var.
 * Entries are separated by commas or newlines; `#` starts a comment that runs to the end of the line; blank
 * entries are dropped, runs of whitespace inside an id collapse to one space (`POST  /v1/trades` → `POST /v1/trades`),
 * and duplicates are removed while keeping the first-seen order.
 */
export function parseRouteList(text: string): string[] {
  const routes: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const withoutComment = line.split('#', 1)[0] ?? '';
    for (const entry of withoutComment.split(',')) {
      const id = entry.trim().replace(/\s+/g, ' ');
      if (id && !routes.includes(id)) routes.push(id);
    }
  }
  return routes;
}

/** True when both lists hold the same ids, ignoring order. */
export function sameRouteList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
