/* Builders for OpenAPI operations: parameters, the rate-limit headers and the error responses every route shares. */
import type { JsonSchema } from './schema-helpers.js';

export const queryParam = (name: string, schema: JsonSchema, description: string, required = false): JsonSchema => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

/** A free-text filter (category, ids): 1 to 64 characters. */
export const textParam = (name: string, description: string): JsonSchema =>
  queryParam(name, { type: 'string', minLength: 1, maxLength: 64 }, description);

/** A decimal amount in USD cents precision (social links). */
export const usdAmountSchema = (extra: JsonSchema = {}): JsonSchema => ({
  type: 'number',
  minimum: 1,
  maximum: 10_000,
  multipleOf: 0.01,
  ...extra,
});

export const idParam = (what: string): JsonSchema => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what} id.`,
  schema: { type: 'string' },
});

export const limitParam = (fallback: number, maximum: number): JsonSchema =>
  queryParam('limit', { type: 'integer', minimum: 1, maximum, default: fallback }, `Page size (1-${maximum}).`);
export const offsetParam: JsonSchema = queryParam(
  'offset',
  { type: 'integer', minimum: 0, maximum: 2_147_483_647, default: 0 },
  'Rows to skip.',
);
export const sortOrderParam: JsonSchema = queryParam(
  'sortOrder',
  { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  'Sort direction.',
);
export const sortByParam = (values: readonly string[]): JsonSchema =>
  queryParam('sortBy', { type: 'string', enum: [...values], default: 'created_at' }, 'Sort field (ties by id).');

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'End of the window, epoch MILLISECONDS.', schema: { type: 'integer' } },
  'Access-Control-Allow-Origin': { description: 'Always `*`.', schema: { type: 'string', const: '*' } },
};

const json = (schemaName: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } },
});

export const ok = (schemaName: string, description: string): JsonSchema => ({
  description,
  headers: rateLimitHeaders,
  content: json(schemaName),
});

export const errorResponse = (description: string, schemaName = 'Error'): JsonSchema => ({
  description,
  headers: rateLimitHeaders,
  content: json(schemaName),
});

const retryAfterHeader = {
  'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer' } },
};

/** An error response that also carries Retry-After (429, 503). */
export const retryableErrorResponse = (description: string): JsonSchema => ({
  description,
  headers: { ...rateLimitHeaders, ...retryAfterHeader },
  content: json('Error'),
});

/** An operation with its own responses, the shared 429 and the kill switch's 503. */
export function getOperation(input: {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: JsonSchema[];
  responses: Record<string, JsonSchema>;
  description?: string;
  /** Other causes of this operation's 503, after the kill switch's. */
  unavailable?: string;
}): JsonSchema {
  return {
    get: {
      operationId: input.operationId,
      summary: input.summary,
      ...(input.description ? { description: input.description } : {}),
      tags: input.tags,
      parameters: input.parameters ?? [],
      responses: {
        ...input.responses,
        '429': retryableErrorResponse(
          'RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After).',
        ),
        '503': retryableErrorResponse(
          'ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it).' +
            (input.unavailable ? ` ${input.unavailable}` : ''),
        ),
      },
    },
  };
}
