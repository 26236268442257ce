import { fileURLToPath } from 'node:url';
import { isApiScope, type ApiScope } from '#shared/auth/tiers.js';
import {
  documentOperations,
  loadOpenApiDocument,
  type DocumentOperation,
  type OpenApiDocument,
} from '#shared/http/openapi-document.js';

export const API_PREFIX = '/v1';

/** apps/trading-api/openapi: the source of truth, split over several YAML files. */
const OPENAPI_DIR = fileURLToPath(new URL('../../openapi/', import.meta.url));

/** The trading API's document, exactly as /v1/openapi.json serves it. */
export function tradingApiDocument(): OpenApiDocument {
  return loadOpenApiDocument(OPENAPI_DIR);
}

export type RateLimitAlgorithm = 'sliding-window' | 'token-bucket';

/** One operation of the description, with the /v1 settings its document declares. */
export interface OperationDescriptor extends DocumentOperation {
  /** null only for the public infrastructure operations (`security: []`). */
  scope: ApiScope | null;
  /** `x-rate-limit`. */
  rateLimit: RateLimitAlgorithm;
  /**
   * `x-rate-limit-cost`: the body member (an array) whose item count is the tokens a request draws (a batch: one per
   * trade); null: one per request.
   */
  rateLimitCost: string | null;
  /** `x-body-limit-bytes`: the operation's own body limit; null: the app's (64 KiB). */
  bodyLimitBytes: number | null;
  /** `x-switched-off-with`: route ids whose kill switch also switches this operation off. */
  switchedOffWith: string[];
  deprecated: boolean;
  /** `x-sunset` (an HTTP date) of a deprecated operation. */
  sunset: string | null;
  /** `x-deprecated-at` (ISO 8601) of a deprecated operation: the RFC 9745 Deprecation date. */
  deprecatedAt: string | null;
}

/**
 * The scope an operation requires: the single role of its `apiKey` security requirement. Fails closed: an
 * operation without a security requirement, with several, or with an unknown scope throws, unless it opts out
 * explicitly with `security: []` (the public infrastructure routes).
 */
export function requiredScope(operation: DocumentOperation['operation'], operationId: string): ApiScope | null {
  const security = operation.security;
  if (security === undefined) throw new Error(`operation ${operationId} declares no security requirement`);
  if (security.length === 0) return null;
  const roles = security.flatMap((requirement) => Object.entries(requirement));
  const role = roles.length === 1 ? roles[0] : undefined;
  const scope = role?.[0] === 'apiKey' && role[1].length === 1 ? role[1][0] : undefined;
  if (scope === undefined) throw new Error(`operation ${operationId} must require exactly one apiKey scope`);
  if (!isApiScope(scope)) throw new Error(`operation ${operationId} requires unknown scope ${scope}`);
  return scope;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Every operation of the document's `paths`, in document order, with its /v1 settings. Fails (at start-up) when an
 * `x-switched-off-with` names a route id the document does not have: that switch would never work.
 */
export function listOperations(document: OpenApiDocument): OperationDescriptor[] {
  const entries = documentOperations(document, API_PREFIX);
  const routeIds = new Set(entries.map((entry) => entry.routeId));
  return entries.map((entry) => ({
    ...entry,
    scope: requiredScope(entry.operation, entry.operationId),
    rateLimit: entry.operation['x-rate-limit'] === 'token-bucket' ? 'token-bucket' : 'sliding-window',
    rateLimitCost: stringOrNull(entry.operation['x-rate-limit-cost']),
    bodyLimitBytes: positiveIntegerOrNull(entry, 'x-body-limit-bytes'),
    switchedOffWith: switchedOffWith(entry, routeIds),
    deprecated: entry.operation.deprecated === true,
    sunset: stringOrNull(entry.operation['x-sunset']),
    deprecatedAt: stringOrNull(entry.operation['x-deprecated-at']),
  }));
}

function positiveIntegerOrNull(entry: DocumentOperation, extension: `x-${string}`): number | null {
  const value = entry.operation[extension];
  if (value === undefined) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`operation ${entry.operationId}: ${extension} must be a positive integer`);
  }
  return value;
}

function switchedOffWith(entry: DocumentOperation, routeIds: ReadonlySet<string>): string[] {
  const listed: unknown = entry.operation['x-switched-off-with'] ?? [];
  if (!Array.isArray(listed)) throw new Error(`operation ${entry.operationId}: x-switched-off-with must be a list`);
  return listed.map((routeId: unknown) => {
    if (typeof routeId !== 'string' || !routeIds.has(routeId)) {
      throw new Error(`operation ${entry.operationId}: x-switched-off-with names no route: ${String(routeId)}`);
    }
    return routeId;
  });
}
