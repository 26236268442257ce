/*
 * The one request validator of both APIs: a request is checked against its operation in the API's OpenAPI 3.1
 * document, and the answer is neutral — the validated input, or the issues (location, name, keyword, reason) that
 * each API renders in its own error style.
 */
import type { Ajv, FormatDefinition } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { LRUCache } from 'lru-cache';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import { queryStrings, readStrictQuery, type QueryParameter } from './request-input.js';
import { issueOf, type ValidationIssue } from './validation-issues.js';

export interface ValidatableRequest {
  method: string;
  /** Path relative to the document's server (trading-api: without `/v1`). */
  path: string;
  /** The request target as received (path and query string): with the declared headers, the memo key. */
  url: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Path parameters the router already decoded: when given, they are validated instead of re-reading `path`. */
  params?: Record<string, string | string[]>;
}

export interface ValidatedRequest {
  params: Readonly<Record<string, unknown>>;
  query: Readonly<Record<string, unknown>>;
  body: unknown;
  /** The headers the operation declares (lower-case names), as sent. */
  headers: Readonly<Record<string, string | string[]>>;
}

export type RequestValidation =
  { valid: true; input: ValidatedRequest } | { valid: false; issues: readonly ValidationIssue[] };

export interface RequestValidatorOptions {
  /**
   * `coerce` (default): query and path values coerced by ajv to their schema types. `strict`: each query value read
   * by the lexical form of its type (request-input.ts), a repeated parameter refused, absent ones given their default.
   */
  queryForms?: 'coerce' | 'strict';
  /** Report every failed rule instead of the first one (default false). */
  allErrors?: boolean;
}

/** Distinct valid body-less requests whose validated form is remembered (see createRequestValidator). */
const VALIDATED_MEMO_ENTRIES = 2_000;

/** Decimal `multipleOf` (0.01) checked without floating-point noise (0.29 / 0.01 = 28.999999999999996). */
const MULTIPLE_OF_PRECISION = 9;

/**
 * RFC 3339 admits a leap second (`23:59:60`), and so does ajv-formats' `date-time`; `new Date` reads it as Invalid
 * Date. Every date-time the APIs take becomes a Date, so one a Date cannot hold is refused with the rest (400).
 */
function refuseDatesADateCannotHold(ajv: Ajv): void {
  // cast: ajv-formats defines date-time as a definition of a validating function and a comparison over strings.
  const { validate, compare } = fullFormats['date-time'] as FormatDefinition<string> & {
    validate: (value: string) => boolean;
  };
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => validate(value) && !Number.isNaN(Date.parse(value)),
    ...(compare ? { compare } : {}),
  });
}

/**
 * openapi-backend over the document: ajv with ajv-formats (uuid, date-time…), one compiled validator per operation
 * (on first use: quick mode dereferences the document in-process); the document itself is validated by tests, not
 * at start-up. Validation is a pure function of the request, so the validated form of a valid body-less request
 * (every GET) is remembered per (operation, request target, declared headers) in a small LRU: a hot read is
 * validated once. Refusals are never remembered.
 */
export function createRequestValidator(document: Document, options: RequestValidatorOptions = {}) {
  const strict = options.queryForms === 'strict';
  const ajvOpts = {
    ...(options.allErrors ? { allErrors: true } : {}),
    ...(strict ? { multipleOfPrecision: MULTIPLE_OF_PRECISION } : {}),
  };
  const api = new OpenAPIBackend({
    definition: structuredClone(document),
    apiRoot: '/',
    quick: true,
    strict: true,
    coerceTypes: true,
    ...(Object.keys(ajvOpts).length > 0 ? { ajvOpts } : {}),
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      refuseDatesADateCannotHold(ajv);
      return ajv;
    },
  });
  void api.init();
  const operations = new Map<string, Operation>(
    api.getOperations().flatMap((operation) => (operation.operationId ? [[operation.operationId, operation]] : [])),
  );
  // Only the headers an operation declares are validated; handing openapi-backend just those spares it copying
  // every request header (API key included) on each request.
  const declaredHeaders = new Map<string, string[]>(
    [...operations].map(([operationId, operation]) => [operationId, headerParameterNames(operation)]),
  );
  const queryParameters = new Map<string, QueryParameter[]>(
    [...operations].map(([operationId, operation]) => [operationId, queryParametersOf(operation)]),
  );
  const validatedMemo = new LRUCache<string, ValidatedRequest>({ max: VALIDATED_MEMO_ENTRIES });

  function operation(operationId: string): Operation {
    const found = operations.get(operationId);
    if (!found) throw new Error(`unknown operation ${operationId}`);
    return found;
  }

  return {
    api,
    operation,
    /** The validated request, or every issue found (the first only unless `allErrors`). */
    check(operationId: string, request: ValidatableRequest): RequestValidation {
      const declaredOperation = operation(operationId);
      const headers: Record<string, string | string[]> = {};
      let memoKey = request.body === undefined ? `${operationId} ${request.url}` : undefined;
      for (const name of declaredHeaders.get(operationId) ?? []) {
        const value = request.headers[name];
        if (value === undefined) continue;
        headers[name] = value;
        if (memoKey !== undefined) memoKey += `\n${name}: ${String(value)}`;
      }
      const remembered = memoKey === undefined ? undefined : validatedMemo.get(memoKey);
      if (remembered) return { valid: true, input: remembered };
      const query = queryStrings(request.query);
      const forms = strict ? readStrictQuery(queryParameters.get(operationId) ?? [], query) : undefined;
      const declared = {
        method: request.method,
        path: request.params ? pathOf(declaredOperation.path, request.params) : request.path,
        query: forms?.query ?? query,
        headers,
        body: request.body,
      };
      const result = api.validateRequest(declared, declaredOperation);
      const formIssues = forms?.issues ?? [];
      const issues = [
        ...formIssues,
        ...(result.errors ?? [])
          .map(issueOf)
          .filter((issue) => !formIssues.some((seen) => seen.location === issue.location && seen.name === issue.name)),
      ];
      if (issues.length > 0) return { valid: false, issues };
      const validated: ValidatedRequest = {
        ...coercedParts(result.coerced, () => api.router.parseRequest(declared, declaredOperation)),
        body: request.body,
        headers: Object.freeze(headers),
      };
      if (memoKey !== undefined) validatedMemo.set(memoKey, validated);
      return { valid: true, input: validated };
    },
  };
}

export type RequestValidator = ReturnType<typeof createRequestValidator>;

type Parts = { params: Readonly<Record<string, unknown>>; query: Readonly<Record<string, unknown>> };

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : undefined;

/** The coerced path and query values, frozen; parsed again only when ajv kept no coerced copy of them. */
function coercedParts(coerced: unknown, parse: () => { params: unknown; query: unknown }): Parts {
  const kept = recordOf(coerced);
  let params = recordOf(kept?.params);
  let query = recordOf(kept?.query);
  if (!params || !query) {
    const parsed = parse();
    params ??= recordOf(parsed.params) ?? {};
    query ??= recordOf(parsed.query) ?? {};
  }
  return { params: Object.freeze(params), query: Object.freeze(query) };
}

/** `/api/markets/{id}` with `{ id: 'a b' }` → `/api/markets/a%20b` (openapi-backend decodes it again). */
function pathOf(template: string, params: Record<string, string | string[]>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Lower-case names of the operation's `in: header` parameters (already dereferenced in quick mode). */
function headerParameterNames(operation: Operation): string[] {
  return (operation.parameters ?? []).flatMap((parameter) =>
    '$ref' in parameter || parameter.in !== 'header' ? [] : [parameter.name.toLowerCase()],
  );
}

function queryParametersOf(operation: Operation): QueryParameter[] {
  return (operation.parameters ?? []).flatMap((parameter) =>
    '$ref' in parameter || parameter.in !== 'query'
      ? []
      : [{ name: parameter.name, schema: recordOf(parameter.schema) ?? {} }],
  );
}

/*
 * The typed view of a validated request: the input of one operation of an API's contract types (generated from its
 * OpenAPI document by openapi-typescript, decision 0026), as the shared request validator hands it over — path,
 * query and declared header parameters (header names in lower case) and the JSON body.
 */

/** The shape openapi-typescript gives every operation. */
export interface OperationTypes {
  parameters: { query?: unknown; header?: unknown; path?: unknown };
  requestBody?: unknown;
}

type Members<T> = [NonNullable<T>] extends [never] ? Readonly<Record<string, never>> : Readonly<NonNullable<T>>;

type LowerCaseKeys<T> = { readonly [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] };

type JsonBody<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;

export interface OperationInput<Op extends OperationTypes> {
  params: Members<Op['parameters']['path']>;
  query: Members<Op['parameters']['query']>;
  headers: LowerCaseKeys<Members<Op['parameters']['header']>>;
  /** undefined when the operation takes no body, or an optional one was not sent. */
  body: undefined extends Op['requestBody']
    ? JsonBody<NonNullable<Op['requestBody']>> | undefined
    : JsonBody<Op['requestBody']>;
}

/**
 * The validated request of an operation, typed by that operation's contract types. The one assertion of the typed
 * input: the shared validator has just checked (and coerced) every member against the operation's schemas in the
 * document the types are generated from, and each API's drift test keeps the two equal.
 */
export function typedInput<Op extends OperationTypes>(input: ValidatedRequest): OperationInput<Op> {
  // cast: the validator checked every member against the operation's schemas, which the types are generated from.
  return input as unknown as OperationInput<Op>;
}
