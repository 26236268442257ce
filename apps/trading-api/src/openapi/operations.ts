import type { OpenAPIV3_1 } from 'openapi-types';
import { isApiScope, type ApiScope } from '#shared/auth/tiers.js';
import type { HttpMethod } from '#shared/http/route-registrar.js';

export const API_PREFIX = '/v1';

export type RateLimitAlgorithm = 'sliding-window' | 'token-bucket';

/** One operation of the description, as the request pipeline needs it. */
export interface OperationDescriptor {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path relative to the server, e.g. `/markets/{id}`. */
  specPath: string;
  /** The express path, e.g. `/v1/markets/:id`. */
  expressPath: string;
  /** Kill-switch, metrics and log id: `GET /v1/markets/:id`. */
  routeId: string;
  /** null only for the public infrastructure operations (`security: []`). */
  scope: ApiScope | null;
  rateLimit: RateLimitAlgorithm;
  deprecated: boolean;
  /** `x-sunset` (an HTTP date) of a deprecated operation. */
  sunset: string | null;
  /** `x-deprecated-at` (ISO 8601) of a deprecated operation: the RFC 9745 Deprecation date. */
  deprecatedAt: string | null;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

type OperationObject = OpenAPIV3_1.OperationObject & {
  'x-rate-limit'?: string;
  'x-sunset'?: string;
  'x-deprecated-at'?: string;
};

/**
 * The scope an operation requires: the single role of its `apiKey` security requirement. Fails closed: an
 * operation without a security requirement, with several, or with an unknown scope throws, unless it opts out
 * explicitly with `security: []` (the public infrastructure routes).
 */
export function requiredScope(operation: OperationObject, operationId: string): ApiScope | null {
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

export function toExpressPath(specPath: string): string {
  return `${API_PREFIX}${specPath.replace(/\{([^}]+)\}/g, ':$1')}`;
}

/** Every operation of the document's `paths`, in document order. */
export function listOperations(document: OpenAPIV3_1.Document): OperationDescriptor[] {
  const result: OperationDescriptor[] = [];
  for (const [specPath, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      // cast: OperationObject only adds the optional vendor extensions this module reads, each checked where read.
      const operation = item?.[method] as OperationObject | undefined;
      if (!operation) continue;
      const operationId = operation.operationId;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${specPath} has no operationId`);
      const expressPath = toExpressPath(specPath);
      // cast: `method` is one of `methods` (lower-case HTTP methods); its upper case is that HttpMethod.
      const upper = method.toUpperCase() as HttpMethod;
      result.push({
        operationId,
        method: upper,
        specPath,
        expressPath,
        routeId: `${upper} ${expressPath}`,
        scope: requiredScope(operation, operationId),
        rateLimit: operation['x-rate-limit'] === 'token-bucket' ? 'token-bucket' : 'sliding-window',
        deprecated: operation.deprecated === true,
        sunset: operation['x-sunset'] ?? null,
        deprecatedAt: operation['x-deprecated-at'] ?? null,
      });
    }
  }
  return result;
}
