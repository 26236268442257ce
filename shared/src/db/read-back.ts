/** Returns the row a repository just inserted and read back in the same unit of work; absent means a bug. */
export function readBack<T>(row: T | null, what: string): T {
  if (row === null) throw new Error(`${what} was not found right after its insert`);
  return row;
}
