/* The conformance checker itself: it must refuse what the description does not allow (pure, no services). */
import { describe, expect, it } from '@jest/globals';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';

const validator = createResponseValidator();

const problem = (code: string, status: number) => ({
  type: `http://docs.test/v1/docs/errors/${code}`,
  title: 'Title',
  status,
  code,
  detail: 'Detail.',
  instance: '/v1/trades',
  requestId: 'req_1',
});

const problemHeaders = (code: string, extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'application/problem+json; charset=utf-8',
    'x-service-error-code': code,
    'x-service-api-version': '2026-04-29',
    'x-request-id': 'req_1',
    ...extra,
  });

const rateLimited = { 'x-ratelimit-limit': '1200', 'x-ratelimit-remaining': '1199', 'x-ratelimit-reset': '1767225660' };

describe('createResponseValidator', () => {
  it('accepts a described problem with its headers', () => {
    const body = problem('INSUFFICIENT_BALANCE', 409);
    const response = {
      status: 409,
      headers: problemHeaders('INSUFFICIENT_BALANCE', rateLimited),
      text: JSON.stringify(body),
    };
    expect(validator.responseErrors('createTrade', response)).toEqual([]);
    expect(validator.errors(body, 'createTrade', 409)).toEqual([]);
  });

  it('validates application/problem+json bodies (openapi-backend skipped them)', () => {
    const { code: _code, ...withoutCode } = problem('INSUFFICIENT_BALANCE', 409);
    expect(validator.errors(withoutCode, 'createTrade', 409)).toEqual([expect.stringContaining("'code'")]);
    expect(validator.errors({ ...withoutCode, code: 'X', status: '409' }, 'createTrade', 409)).toEqual([
      expect.stringContaining('/status must be integer'),
    ]);
  });

  it('refuses a status the operation does not declare and a media type the response does not declare', () => {
    const body = JSON.stringify(problem('CHAIN_REVERTED', 502));
    expect(validator.responseErrors('getMarket', { status: 502, headers: problemHeaders('X'), text: body })).toEqual([
      'getMarket declares no 502 response',
    ]);
    const html = new Headers({
      ...Object.fromEntries(problemHeaders('INSUFFICIENT_BALANCE', rateLimited)),
      'content-type': 'text/html',
    });
    expect(validator.responseErrors('createTrade', { status: 409, headers: html, text: '<p>' })).toEqual([
      'content type "text/html" is not declared',
    ]);
  });

  it('requires the headers marked required, checks present ones against their schema, and undeclared ones of ours', () => {
    const missing = problemHeaders('INSUFFICIENT_BALANCE');
    expect(validator.headerErrors(missing, 'createTrade', 409)).toEqual([
      'required header X-RateLimit-Limit is missing',
      'required header X-RateLimit-Remaining is missing',
      'required header X-RateLimit-Reset is missing',
    ]);
    const fractional = problemHeaders('INSUFFICIENT_BALANCE', { ...rateLimited, 'x-ratelimit-remaining': '1.5' });
    expect(validator.headerErrors(fractional, 'createTrade', 409)).toEqual([
      expect.stringContaining('header X-RateLimit-Remaining: "1.5"'),
      'header x-ratelimit-remaining: "1.5" is not an integer',
    ]);
    // 413 is answered before the key: the description promises no rate-limit headers there.
    expect(validator.headerErrors(problemHeaders('PAYLOAD_TOO_LARGE', rateLimited), 'createTrade', 413)).toEqual([
      'header x-ratelimit-limit is sent but not declared',
      'header x-ratelimit-remaining is sent but not declared',
      'header x-ratelimit-reset is sent but not declared',
    ]);
    // Optional on 403 (left out when the window cannot be read), but integers when present.
    expect(validator.headerErrors(problemHeaders('IP_NOT_ALLOWED'), 'getMarket', 403)).toEqual([]);
    expect(
      validator.headerErrors(
        problemHeaders('INSUFFICIENT_SCOPE', { ...rateLimited, 'x-ratelimit-limit': 'lots' }),
        'getMarket',
        403,
      ),
    ).toEqual([
      expect.stringContaining('header X-RateLimit-Limit: "lots"'),
      'header x-ratelimit-limit: "lots" is not an integer',
    ]);
  });

  it('requires an empty body and the ETag on a 304', () => {
    const headers = new Headers({
      ...rateLimited,
      'x-service-api-version': '2026-04-29',
      'x-request-id': 'r',
      'cache-control': 'private, no-cache',
    });
    expect(validator.responseErrors('getMarket', { status: 304, headers, text: '' })).toEqual([
      'required header ETag is missing',
    ]);
    headers.set('etag', 'W/"abc"');
    expect(validator.responseErrors('getMarket', { status: 304, headers, text: '{}' })).toEqual([
      'body must be empty, got 2 characters',
    ]);
    headers.set('etag', '"strong"');
    expect(validator.responseErrors('getMarket', { status: 304, headers, text: '' })).toEqual([
      expect.stringContaining('header ETag: ""strong""'),
    ]);
  });
});
