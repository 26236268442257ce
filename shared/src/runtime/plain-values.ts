/*
 * Narrowing values that arrive untyped (JSON text, driver results, message headers) without asserting their type.
 */

/** A non-null, non-array object, read member by member. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
