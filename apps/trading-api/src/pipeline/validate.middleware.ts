import type { RequestHandler } from 'express';
import type { Document } from 'openapi-backend';
import {
  createRequestValidator as createSharedRequestValidator,
  typedInput,
  type ValidatableRequest,
  type ValidatedRequest,
} from '#shared/http/request-validator.js';
import type { ValidationIssue } from '#shared/http/validation-issues.js';
import { AppError } from '#shared/errors/app-error.js';
import { API_PREFIX } from '../openapi/operations.js';
import { bodyErrorOf, rawBodyOf } from '#shared/http/request-input.js';
import { operationOf, setInput } from './operation-handler.js';
import type { operations } from '../openapi/generated/trading-api.js';
import type { CreateTradeBody } from '../handlers/handler-deps.js';

/** An unpaired UTF-16 surrogate: what a `\ud800` escape parses to. It is no Unicode text, and MySQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The JSON body (undefined when empty); 400 VALIDATION_FAILED for another media type, bad JSON or lone surrogates. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType ?? '')) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request bodies must be sent as Content-Type: application/json.',
      extensions: { field: 'body', location: 'header' },
    });
  }
  let wellFormed = true;
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
      if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) wellFormed = false;
      return value;
    });
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request body is not valid JSON.',
      extensions: { field: 'body', location: 'body' },
    });
  }
  if (!wellFormed) {
    throw new AppError('VALIDATION_FAILED', {
      detail:
        'Request body holds a string that is not well-formed Unicode (an unpaired surrogate escape such as \\ud800).',
      extensions: { field: 'body', location: 'body' },
    });
  }
  return body;
}

/** Parses the JSON body and validates path, query, headers and body against the operation (openapi-backend). */
export function validateMiddleware(validator: RequestValidator): RequestHandler {
  return (req, res, next) => {
    const operation = operationOf(res);
    const bodyError = bodyErrorOf(res);
    if (bodyError !== undefined) throw bodyError;
    const body = parseJsonBody(rawBodyOf(res), req.get('content-type'));
    const path = (req.originalUrl.split('?', 1)[0] ?? '').slice(API_PREFIX.length) || '/';
    const input = validator.validate(operation.operationId, {
      method: req.method,
      path,
      url: req.originalUrl,
      // The router's decoded parameters: the path is matched as the router matched it (any case, a fragment cut).
      params: req.params,
      // Parsed only when the request is actually validated (not on a remembered one).
      get query() {
        return req.query;
      },
      headers: req.headers,
      body,
    });
    setInput(res, input);
    next();
  };
}

/*
 * The trading API's use of the shared request validator (shared/src/http/request-validator.ts): lenient ajv
 * coercion, the first failed rule, rendered as 400 VALIDATION_FAILED problem details naming the member.
 */

export function createRequestValidator(document: Document) {
  const validator = createSharedRequestValidator(document);
  return {
    api: validator.api,
    operation: validator.operation,
    /** Throws 400 VALIDATION_FAILED naming the first offending member; returns the coerced request. */
    validate(operationId: string, request: ValidatableRequest): ValidatedRequest {
      const result = validator.check(operationId, request);
      if (!result.valid) throw validationError(result.issues);
      return result.input;
    },
  };
}

export type RequestValidator = ReturnType<typeof createRequestValidator>;

function wordingOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'additionalProperties') return 'is not allowed';
  return issue.reason ?? 'is invalid';
}

/** `detail` names the first issue; `extensions.errors` lists the first ten. */
export function validationError(issues: readonly ValidationIssue[]): AppError {
  const first = issues[0];
  if (!first) return new AppError('VALIDATION_FAILED');
  return new AppError('VALIDATION_FAILED', {
    detail: `${first.location} member ${first.name} ${wordingOf(first)}.`,
    extensions: {
      field: first.name,
      location: first.location,
      errors: issues.slice(0, 10).map((issue) => ({ field: issue.name, message: issue.reason ?? 'invalid' })),
    },
  });
}

/** `body` checked as POST /v1/trades' body (a batch's item) by that operation's own rules: 400 VALIDATION_FAILED. */
export function tradeBodyOf(validator: RequestValidator, body: unknown): CreateTradeBody {
  const request = { method: 'POST', path: '/trades', url: `${API_PREFIX}/trades`, query: {}, headers: {}, body };
  return typedInput<operations['createTrade']>(validator.validate('createTrade', request)).body;
}
