/* Conditional GET helpers shared by the apps that answer If-None-Match (RFC 9110 §13.1.2). */

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === opaque;
  });
}
