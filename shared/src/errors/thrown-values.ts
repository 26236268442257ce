/*
 * Reading what was thrown without asserting its type: anything can be thrown (an Error, a driver's error object with
 * a `code`, a string), so these look and fall back instead of casting.
 */

/** The message of an Error, or the thrown value as text. */
export function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** The `code` member of a thrown object (a driver's 'ER_LOCK_DEADLOCK', an HTTP client's 409), if it has one. */
export function codeOf(thrown: unknown): unknown {
  return typeof thrown === 'object' && thrown !== null && 'code' in thrown ? thrown.code : undefined;
}
