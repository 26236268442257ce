/**
 * `status=a,b` on a list route: the distinct statuses in catalogue order, so `b,a` and `a,b,a` name the same filter
 * (and so the same cursor). Names outside the catalogue are dropped; absent or empty = no filter.
 */
export function parseStatusFilter<Status extends string>(
  value: string | undefined,
  catalogue: readonly Status[],
): Status[] | undefined {
  if (value === undefined || value === '') return undefined;
  const requested = new Set(value.split(','));
  return catalogue.filter((status) => requested.has(status));
}
