import type { RequestHandler } from 'express';
import { AppError } from '#shared/errors/index.js';
import { API_PREFIX } from '../openapi/operations.js';
import type { RequestValidator } from '../openapi/request-validator.js';
import { operationOf, rawBodyOf, setInput } from './request-context.js';

function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType ?? '')) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request bodies must be sent as Content-Type: application/json.',
      extensions: { field: 'body', location: 'header' },
    });
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'Request body is not valid JSON.',
      extensions: { field: 'body', location: 'body' },
    });
  }
}

/** Parses the JSON body and validates path, query, headers and body against the operation (openapi-backend). */
export function validateMiddleware(validator: RequestValidator): RequestHandler {
  return (req, res, next) => {
    const operation = operationOf(res);
    const body = parseJsonBody(rawBodyOf(res), req.get('content-type'));
    const path = (req.originalUrl.split('?', 1)[0] ?? '').slice(API_PREFIX.length) || '/';
    const input = validator.validate(operation.operationId, {
      method: req.method,
      path,
      url: req.originalUrl,
      // Parsed only when the request is actually validated (not on a remembered one).
      get query() {
        return req.query as Record<string, string | string[]>;
      },
      headers: req.headers as Record<string, string | string[]>,
      body,
    });
    setInput(res, input);
    next();
  };
}
