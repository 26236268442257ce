/**
 * express-rate-limit hands a store only the key, yet the Lua scripts need the caller's limit atomically. The key
 * is therefore a descriptor `<userId>|<limit>`: the store counts under the user id alone (so a changed limit keeps
 * the same window) and applies the limit carried beside it.
 */
export function limiterKey(userId: string, limit: number): string {
  return `${userId}|${limit}`;
}

export function parseLimiterKey(key: string): { userId: string; limit: number } {
  const separator = key.lastIndexOf('|');
  const limit = Number(key.slice(separator + 1));
  if (separator <= 0 || !Number.isInteger(limit) || limit < 1) throw new Error(`bad limiter key ${key}`);
  return { userId: key.slice(0, separator), limit };
}
