import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { routeNotFoundError, toHttpAppError } from './error-middleware.js';

/** The shape body-parser's http-errors have. */
function clientError(status: number, type: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`raw ${type}`), { status, statusCode: status, type, expose: true, ...extra });
}

describe('toHttpAppError', () => {
  it('passes AppErrors through unchanged', () => {
    const error = new AppError('INSUFFICIENT_SCOPE');
    expect(toHttpAppError(error, 'problem')).toBe(error);
  });

  it('maps an oversize body to 413 PAYLOAD_TOO_LARGE naming the limit', () => {
    const mapped = toHttpAppError(clientError(413, 'entity.too.large', { limit: 65536 }), 'public');
    expect(mapped.code).toBe('PAYLOAD_TOO_LARGE');
    expect(mapped.detail).toContain('65536');
  });

  it.each([
    ['problem', 'VALIDATION_FAILED'],
    ['public', 'INVALID_REQUEST'],
  ] as const)('maps malformed JSON to 400 %s style as %s with a fixed detail', (style, code) => {
    const mapped = toHttpAppError(clientError(400, 'entity.parse.failed'), style);
    expect(mapped.code).toBe(code);
    expect(mapped.detail).toBe('Request body is not valid JSON.');
  });

  it('maps other client errors raised by express to the style validation code', () => {
    const mapped = toHttpAppError(clientError(415, 'charset.unsupported'), 'problem');
    expect(mapped.code).toBe('VALIDATION_FAILED');
    expect(mapped.detail).toBe('raw charset.unsupported');
  });

  it('does not expose the message of a client error marked not exposable', () => {
    const mapped = toHttpAppError(clientError(400, 'x', { expose: false }), 'problem');
    expect(mapped.detail).not.toContain('raw');
  });

  it('turns any other thrown value into INTERNAL_ERROR keeping it as the cause', () => {
    const boom = new Error('boom');
    const mapped = toHttpAppError(boom, 'problem');
    expect(mapped.code).toBe('INTERNAL_ERROR');
    expect(mapped.cause).toBe(boom);
    expect(toHttpAppError('a string', 'public').code).toBe('INTERNAL_ERROR');
    expect(toHttpAppError(Object.assign(new Error('x'), { status: 503 }), 'public').code).toBe('INTERNAL_ERROR');
  });
});

describe('toHttpAppError on a dependency failing (issue 17: a MariaDB restart gave 500s)', () => {
  it.each([
    ['a lost MySQL connection', Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' })],
    [
      'a knex pool timeout',
      Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
    ],
  ])('maps %s to 503 DEPENDENCY_UNAVAILABLE, keeping it as the cause', (_name, cause) => {
    const mapped = toHttpAppError(cause, 'problem');
    expect(mapped).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', status: 503, cause });
    expect(mapped.detail).not.toContain('3306');
  });
});

describe('routeNotFoundError', () => {
  it('uses RESOURCE_NOT_FOUND for problem style and NOT_FOUND for public style', () => {
    expect(routeNotFoundError('problem').code).toBe('RESOURCE_NOT_FOUND');
    expect(routeNotFoundError('public').code).toBe('NOT_FOUND');
  });
});
