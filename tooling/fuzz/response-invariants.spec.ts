import { describe, expect, it } from '@jest/globals';
import type { ResponseValidator } from '../testing/openapi-response-validator.js';
import type { RawResponse } from './raw-http.js';
import type { FuzzCase } from './request-cases.js';
import { checkResponse, problemShapeErrors, publicShapeErrors } from './response-invariants.js';

const fuzzCase: FuzzCase = {
  label: 'valid key · limit: above maximum',
  mutated: true,
  request: { method: 'GET', target: '/v1/markets?limit=101', headers: { 'X-API-Key': 'svc_test_x' } },
};

function response(status: number, body: unknown, headers: Record<string, string> = {}): RawResponse {
  const contentType = status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8';
  return {
    status,
    headers: new Headers({ 'content-type': contentType, ...headers }),
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const problem = (status: number, code: string) => ({
  type: `http://docs.test/errors/${code}`,
  title: 'Title',
  status,
  code,
  detail: 'Explained.',
  instance: '/v1/markets',
  requestId: 'req_1',
});

const documenting = (statuses: number[], errors: string[] = []): ResponseValidator => ({
  errors: () => [],
  headerErrors: () => [],
  responseErrors: (operationId, observed) =>
    statuses.includes(observed.status) ? errors : [`${operationId} declares no ${observed.status} response`],
});

const options = (validator: ResponseValidator) => ({
  style: 'problem' as const,
  validator,
  secrets: ['pepper-secret-1'],
});
const kinds = (status: number, body: unknown, validator = documenting([200, 400, 500]), headers = {}) =>
  checkResponse('listMarkets', fuzzCase, response(status, body, headers), options(validator)).map((f) => f.kind);

describe('checkResponse', () => {
  it('passes a documented, spec-shaped error', () => {
    expect(
      kinds(400, problem(400, 'VALIDATION_FAILED'), undefined, { 'x-service-error-code': 'VALIDATION_FAILED' }),
    ).toEqual([]);
  });

  it('reports a 5xx, an undocumented status and a response off the document, with a reproduction', () => {
    const [finding] = checkResponse(
      'listMarkets',
      fuzzCase,
      response(500, problem(500, 'INTERNAL_ERROR'), { 'x-service-error-code': 'INTERNAL_ERROR' }),
      options(documenting([500])),
    );
    expect(finding).toEqual({
      kind: 'server error',
      operationId: 'listMarkets',
      status: 500,
      detail: expect.stringContaining('INTERNAL_ERROR'),
      reproduction: 'valid key · limit: above maximum :: GET /v1/markets?limit=101 [X-API-Key: svc_test_x]',
    });
    expect(kinds(418, problem(418, 'TEAPOT'), documenting([200]), { 'x-service-error-code': 'TEAPOT' })).toEqual([
      'undocumented status',
    ]);
    expect(kinds(200, {}, documenting([200], ['body must have required property data']))).toEqual(['off the document']);
  });

  it('reports leaks the client did not send itself', () => {
    expect(kinds(200, { detail: 'at handler (/work/main/x.ts:1:2)' })).toEqual(['leak', 'leak']);
    expect(kinds(200, { echo: 'pepper-secret-1' })).toEqual(['leak']);
    expect(kinds(200, { echo: 'limit=101' })).toEqual([]);
  });
});

describe('problemShapeErrors', () => {
  it('wants problem+json with type, title, status, code and the code echoed in X-Service-Error-Code', () => {
    const ok = response(404, problem(404, 'RESOURCE_NOT_FOUND'), { 'x-service-error-code': 'RESOURCE_NOT_FOUND' });
    expect(problemShapeErrors(ok)).toEqual([]);
    const wrong = {
      status: 404,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: JSON.stringify({ error: 'Not Found', status: 400, stack: 'x' }),
    };
    expect(problemShapeErrors(wrong)).toEqual([
      'content type "application/json"',
      'no type',
      'no title',
      'no code',
      'status member 400',
      'X-Service-Error-Code differs from code',
      'unexpected members error, stack',
    ]);
    expect(problemShapeErrors({ ...wrong, text: '<html>' })).toEqual([
      'content type "application/json"',
      'body is not a JSON object',
    ]);
  });
});

describe('publicShapeErrors', () => {
  const json = (status: number, body: unknown): RawResponse => ({
    status,
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
    text: JSON.stringify(body),
  });

  it('accepts { error, message, code }, { error } alone and a 429 with retryAfter', () => {
    expect(publicShapeErrors(json(400, { error: 'Bad Request', message: 'limit', code: 'INVALID_REQUEST' }))).toEqual(
      [],
    );
    expect(publicShapeErrors(json(404, { error: 'Not Found' }))).toEqual([]);
    expect(
      publicShapeErrors(
        json(429, { error: 'Too Many Requests', message: 'm', code: 'RATE_LIMIT_EXCEEDED', retryAfter: 3 }),
      ),
    ).toEqual([]);
  });

  it('refuses other shapes', () => {
    expect(publicShapeErrors(json(400, { message: 'x', code: 'lower' }))).toEqual(['no error', 'code lower']);
    expect(publicShapeErrors(json(400, { error: 'E', message: 'm' }))).toEqual(['message and code must come together']);
    expect(publicShapeErrors(json(429, { error: 'E', message: 'm', code: 'RATE_LIMIT_EXCEEDED' }))).toEqual([
      '429 without retryAfter',
    ]);
    expect(publicShapeErrors(json(500, { error: 'E', stack: 'at x' }))).toEqual(['unexpected members stack']);
  });
});

describe('checkResponse without a document', () => {
  it('holds the status to the given list and applies the contract rules to errors', () => {
    const found = checkResponse(
      '(undescribed methods)',
      fuzzCase,
      response(405, problem(405, 'METHOD_NOT_ALLOWED'), { 'x-service-error-code': 'METHOD_NOT_ALLOWED' }),
      {
        style: 'problem',
        statuses: [404],
        secrets: [],
        contractErrors: (_id, _status, body) => [`code ${String(body.code)}`],
      },
    );
    expect(found.map((finding) => [finding.kind, finding.detail])).toEqual([
      ['undocumented status', 'expected one of 404'],
      ['error shape', 'code METHOD_NOT_ALLOWED'],
    ]);
  });
});

describe('checkResponse for a path that does not decode', () => {
  it("holds the router's answer to 400 or 404 instead of the operation's document", () => {
    const unrouted: FuzzCase = {
      ...fuzzCase,
      unrouted: true,
      request: { ...fuzzCase.request, target: '/v1/markets/%ZZ' },
    };
    const answer = response(400, problem(400, 'VALIDATION_FAILED'), { 'x-service-error-code': 'VALIDATION_FAILED' });
    expect(checkResponse('getMarket', unrouted, answer, options(documenting([200])))).toEqual([]);
    const teapot = response(418, problem(418, 'TEAPOT'), { 'x-service-error-code': 'TEAPOT' });
    expect(checkResponse('getMarket', unrouted, teapot, options(documenting([418]))).map((f) => f.kind)).toEqual([
      'undocumented status',
    ]);
  });
});
