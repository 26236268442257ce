/* Deprecation/Sunset on every response of a deprecated operation, through the real /v1 router and error middleware. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RequestHandler } from 'express';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ApiScope } from '#shared/auth/tiers.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { startTestApp, type TestApp } from '#tooling/testing/http-test-kit.js';
import { createMutableRouteSwitches } from '#shared/kill-switch/route-switches.js';
import { listOperations, type OperationDescriptor } from '../openapi/operations.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import { deprecationHeaders } from './deprecation.js';
import { setAuth, setInput } from './operation-handler.js';
import type { OperationLimiter } from '../rate-limit/operation-limiters.js';
import { mountV1Operations, v1EdgeSteps } from './v1-router.js';

const scoped = { security: [{ apiKey: ['markets:read'] }], responses: {} };
const DEPRECATED_AT = '2026-11-01T00:00:00Z';
/** One current operation and one deprecated one, dated (x-deprecated-at) and with its sunset (x-sunset). */
const document = {
  openapi: '3.1.0',
  info: { title: 'deprecation fixture', version: '1' },
  paths: {
    '/things': { get: { operationId: 'listThings', ...scoped } },
    '/old-things': {
      get: {
        operationId: 'listOldThings',
        deprecated: true,
        'x-deprecated-at': DEPRECATED_AT,
        'x-sunset': 'Wed, 30 Jun 2027 00:00:00 GMT',
        ...scoped,
      },
    },
  },
} as unknown as OpenAPIV3_1.Document;

const DEPRECATED_AT_SECONDS = Date.parse(DEPRECATED_AT) / 1000;
const operations: OperationDescriptor[] = listOperations(document);

const pass: RequestHandler = (_req, res, next) => next();
const limiter: OperationLimiter = { admit: pass, reportWindow: () => Promise.resolve() };
/** The key step reduced to "a key header or 401": enough to produce errors after the deprecation headers are set. */
const authenticate: RequestHandler = (req, res, next) => {
  const plaintext = req.get('x-api-key');
  if (!plaintext) throw new AppError('API_KEY_MISSING');
  // A partial record: the steps of this fixture read only the ids.
  const record = { id: 'key_1', userId: 'user_1' } as ApiKeyRecord;
  setAuth(res, {
    key: { record, scopes: new Set<ApiScope>(['markets:read']), allowlist: null, userRpm: 60 },
    plaintext,
  });
  next();
};
const noUsage: UsageRecorder = {
  recordRequest: () => undefined,
  recordRateLimitRejection: () => undefined,
  recordAuthFailure: () => undefined,
  flush: async () => undefined,
  start: () => undefined,
  stop: async () => undefined,
};
const switches = createMutableRouteSwitches([]);
const answer = () => ({ status: 200, body: { data: [] } });

let app: TestApp;
beforeAll(async () => {
  const edge = v1EdgeSteps({
    authenticate,
    allowlist: pass,
    rateLimiters: { reads: limiter, windowedWrites: limiter, bucketedWrites: limiter },
    scope: () => pass,
    signature: pass,
    usage: noUsage,
  });
  app = await startTestApp({ errorStyle: 'problem', routeSwitches: switches.switches, edge }, (registrar) =>
    mountV1Operations(registrar, operations, {
      validate: (_req, res, next) => {
        setInput(res, { params: {}, query: {}, body: undefined, headers: {} });
        next();
      },
      handlers: { listThings: answer, listOldThings: answer },
    }),
  );
});
afterAll(async () => {
  await app.running.close();
});

const get = (path: string, headers: Record<string, string> = { 'X-API-Key': 'k' }) =>
  fetch(`${app.url}${path}`, { headers });

describe('Deprecation and Sunset headers', () => {
  it('reads deprecated and x-sunset from the description', () => {
    const [current, old] = listOperations(document);
    expect(current).toMatchObject({ operationId: 'listThings', deprecated: false, sunset: null });
    expect(old).toMatchObject({ deprecated: true, sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
  });

  it('marks a success of a deprecated operation with Deprecation: @<unix seconds> (RFC 9745) and its Sunset', async () => {
    const response = await get('/v1/old-things');
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe(`@${DEPRECATED_AT_SECONDS}`);
    expect(response.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    const notModified = await get('/v1/old-things', {
      'X-API-Key': 'k',
      'If-None-Match': response.headers.get('etag')!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('deprecation')).toBe(`@${DEPRECATED_AT_SECONDS}`);
  });

  it('marks error responses of a deprecated operation too: 401 from the key step and 503 ROUTE_DISABLED', async () => {
    const unauthenticated = await get('/v1/old-things', {});
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('content-type')).toContain('application/problem+json');
    expect(unauthenticated.headers.get('deprecation')).toBe(`@${DEPRECATED_AT_SECONDS}`);
    expect(unauthenticated.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    switches.set(['GET /v1/old-things']);
    try {
      const disabled = await get('/v1/old-things');
      expect(disabled.status).toBe(503);
      expect(disabled.headers.get('deprecation')).toBe(`@${DEPRECATED_AT_SECONDS}`);
    } finally {
      switches.set([]);
    }
  });

  it('leaves current operations without either header, on success and on error', async () => {
    for (const response of [await get('/v1/things'), await get('/v1/things', {})]) {
      expect(response.headers.get('deprecation')).toBeNull();
      expect(response.headers.get('sunset')).toBeNull();
    }
  });

  it('refuses to start on a deprecated operation without both dates, a date that does not parse or a sunset before the deprecation', () => {
    const old = operations[1]!;
    expect(() => deprecationHeaders({ ...old, deprecatedAt: null })).toThrow(/deprecated without x-deprecated-at/);
    expect(() => deprecationHeaders({ ...old, sunset: null })).toThrow(/deprecated without x-sunset/);
    expect(() => deprecationHeaders({ ...old, deprecatedAt: 'last spring' })).toThrow(/x-deprecated-at/);
    expect(() => deprecationHeaders({ ...old, sunset: 'soon' })).toThrow(/x-sunset/);
    expect(() => deprecationHeaders({ ...old, deprecatedAt: '2028-01-01T00:00:00Z' })).toThrow(/earlier/);
  });
});
