import type { OperationDescriptor } from '../openapi/operations.js';

/** What the deprecation headers of an operation derive from: `deprecated`, `x-deprecated-at` and `x-sunset`. */
export type DeprecationSource = Pick<OperationDescriptor, 'operationId' | 'deprecated' | 'sunset' | 'deprecatedAt'>;

/**
 * The headers every response of an operation carries, errors and 304s included, computed once at start-up. The
 * contract has routes scheduled for removal carry both `Deprecation` and `Sunset`, so an operation the description
 * marks deprecated must date both: `Deprecation: @<unix seconds>` (RFC 9745) from `x-deprecated-at` and
 * `Sunset: <HTTP date>` (RFC 8594) from `x-sunset`. A missing or unparsable date, or a sunset before the
 * deprecation, stops the app from starting.
 */
export function deprecationHeaders(operation: DeprecationSource): Readonly<Record<string, string>> {
  if (!operation.deprecated) return {};
  const deprecatedAtMs = parseDate(operation, 'x-deprecated-at', operation.deprecatedAt);
  const sunsetMs = parseDate(operation, 'x-sunset', operation.sunset);
  if (sunsetMs < deprecatedAtMs) {
    throw new Error(`operation ${operation.operationId}: x-sunset is earlier than x-deprecated-at`);
  }
  return { Deprecation: `@${Math.floor(deprecatedAtMs / 1000)}`, Sunset: new Date(sunsetMs).toUTCString() };
}

function parseDate(operation: DeprecationSource, field: string, value: string | null): number {
  if (value === null) throw new Error(`operation ${operation.operationId} is deprecated without ${field}`);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`operation ${operation.operationId}: ${field} "${value}" is not a date`);
  return ms;
}
