import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { LRUCache } from 'lru-cache';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import { AppError } from '#shared/errors/index.js';

export interface ValidatableRequest {
  method: string;
  /** Path relative to the server (without `/v1`). */
  path: string;
  /** The request target as received (path and query string): with the declared headers, the memo key. */
  url: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[]>;
  body?: unknown;
}

export interface ValidatedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The headers the operation declares (lower-case names), as sent. */
  headers: Readonly<Record<string, string | string[]>>;
}

/** Distinct valid body-less requests whose validated form is remembered (see createRequestValidator). */
const VALIDATED_MEMO_ENTRIES = 2_000;

/**
 * openapi-backend over the merged description: ajv with ajv-formats (uuid, date-time…), query and path values
 * coerced to their schema types. Built synchronously (quick mode: the document is dereferenced in-process and
 * validators compile on first use); the description itself is validated by a test, not at start-up.
 * Validation is a pure function of the request, so the validated form of a valid body-less request (every GET) is
 * remembered per (operation, path, query, declared headers) in a small LRU: a hot read is validated once.
 */
export function createRequestValidator(document: Document) {
  const api = new OpenAPIBackend({
    definition: structuredClone(document),
    apiRoot: '/',
    quick: true,
    strict: true,
    coerceTypes: true,
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      return ajv;
    },
  });
  void api.init();
  const operations = new Map<string, Operation>(
    api.getOperations().map((operation) => [operation.operationId!, operation]),
  );
  // Only the headers an operation declares are validated; handing openapi-backend just those spares it copying
  // every request header (API key included) on each request.
  const declaredHeaders = new Map<string, string[]>(
    [...operations].map(([operationId, operation]) => [operationId, headerParameterNames(operation)]),
  );
  const validatedMemo = new LRUCache<string, ValidatedRequest>({ max: VALIDATED_MEMO_ENTRIES });

  return {
    api,
    operation(operationId: string): Operation {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`unknown operation ${operationId}`);
      return operation;
    },
    /** Throws 400 VALIDATION_FAILED naming the first offending member; returns the coerced request. */
    validate(operationId: string, request: ValidatableRequest): ValidatedRequest {
      const operation = this.operation(operationId);
      const headers: Record<string, string | string[]> = {};
      let memoKey = request.body === undefined ? `${operationId} ${request.url}` : undefined;
      for (const name of declaredHeaders.get(operationId) ?? []) {
        const value = request.headers[name];
        if (value === undefined) continue;
        headers[name] = value;
        if (memoKey !== undefined) memoKey += `\n${name}: ${String(value)}`;
      }
      const remembered = memoKey === undefined ? undefined : validatedMemo.get(memoKey);
      if (remembered) return remembered;
      const declared = {
        method: request.method,
        path: request.path,
        query: request.query,
        headers,
        body: request.body,
      };
      const result = api.validateRequest(declared, operation);
      if (!result.valid) throw validationError(result.errors ?? []);
      const coerced = (result.coerced ?? {}) as { query?: Record<string, unknown>; params?: Record<string, unknown> };
      const parsed = coerced.params && coerced.query ? undefined : api.router.parseRequest(declared, operation);
      const validated: ValidatedRequest = {
        params: Object.freeze(coerced.params ?? (parsed!.params as Record<string, unknown>)),
        query: Object.freeze(coerced.query ?? (parsed!.query as Record<string, unknown>)),
        body: request.body,
        headers: Object.freeze(headers),
      };
      if (memoKey !== undefined) validatedMemo.set(memoKey, validated);
      return validated;
    },
  };
}

export type RequestValidator = ReturnType<typeof createRequestValidator>;

/** Lower-case names of the operation's `in: header` parameters (already dereferenced in quick mode). */
function headerParameterNames(operation: Operation): string[] {
  return (operation.parameters ?? []).flatMap((parameter) =>
    '$ref' in parameter || parameter.in !== 'header' ? [] : [parameter.name.toLowerCase()],
  );
}

/** `/requestBody/metadata/a` → `metadata.a`; `/query/limit` → `limit`. */
export function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  const location = segments.shift() ?? '';
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty?: string }).missingProperty));
  if (error.keyword === 'additionalProperties') {
    segments.push(String((error.params as { additionalProperty?: string }).additionalProperty));
  }
  const field = segments.join('.');
  return field || (location === 'requestBody' ? 'body' : location);
}

function locationOf(error: ErrorObject): string {
  const location = error.instancePath.split('/').filter(Boolean)[0] ?? '';
  return { requestBody: 'body', query: 'query', path: 'path', header: 'header' }[location] ?? 'request';
}

export function validationError(errors: readonly ErrorObject[]): AppError {
  const first = errors[0];
  if (!first) return new AppError('VALIDATION_FAILED');
  const field = fieldOf(first);
  const message =
    first.keyword === 'required'
      ? 'is required'
      : first.keyword === 'additionalProperties'
        ? 'is not allowed'
        : (first.message ?? 'is invalid');
  return new AppError('VALIDATION_FAILED', {
    detail: `${locationOf(first)} member ${field} ${message}.`,
    extensions: {
      field,
      location: locationOf(first),
      errors: errors.slice(0, 10).map((error) => ({ field: fieldOf(error), message: error.message ?? 'invalid' })),
    },
  });
}
