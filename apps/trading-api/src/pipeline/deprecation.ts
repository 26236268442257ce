import type { OperationDescriptor } from '../openapi/operations.js';

/** What the deprecation headers of an operation derive from: `deprecated`, `x-deprecated-at` and `x-sunset`. */
export type DeprecationSource = Pick<OperationDescriptor, 'operationId' | 'deprecated' | 'sunset' | 'deprecatedAt'>;

/**
 * The headers every response of an operation carries, errors and 304s included, computed once at start-up:
 * `Deprecation: @<unix seconds>` (RFC 9745) when the description marks the operation deprecated and dates it, and
 * `Sunset: <HTTP date>` (RFC 8594) from `x-sunset`. RFC 9745 has no undated form (`Deprecation: true` was a draft),
 * so an undated deprecated operation sends no Deprecation header, only its Sunset if it has one. A date that does
 * not parse, or a sunset earlier than the deprecation, stops the app from starting.
 */
export function deprecationHeaders(operation: DeprecationSource): Readonly<Record<string, string>> {
  if (!operation.deprecated) return {};
  const headers: Record<string, string> = {};
  const deprecatedAtMs = parseDate(operation, 'x-deprecated-at', operation.deprecatedAt);
  if (deprecatedAtMs !== null) headers.Deprecation = `@${Math.floor(deprecatedAtMs / 1000)}`;
  const sunsetMs = parseDate(operation, 'x-sunset', operation.sunset);
  if (sunsetMs !== null && operation.sunset !== null) {
    if (deprecatedAtMs !== null && sunsetMs < deprecatedAtMs) {
      throw new Error(`operation ${operation.operationId}: x-sunset is earlier than x-deprecated-at`);
    }
    headers.Sunset = new Date(sunsetMs).toUTCString();
  }
  return headers;
}

function parseDate(operation: DeprecationSource, field: string, value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`operation ${operation.operationId}: ${field} "${value}" is not a date`);
  return ms;
}
