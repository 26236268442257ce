/*
 * Narrowing values that arrive untyped (JSON text, driver results, message headers) without asserting their type.
 */

/** A non-null, non-array object, read member by member. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON text that must hold an object (a log line, a delivered envelope); anything else throws. */
export function parseJsonObject(text: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed)) throw new TypeError(`expected a JSON object, got ${text.slice(0, 80)}`);
  return parsed;
}
