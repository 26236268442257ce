import { afterEach, describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { errorCatalogue, errorCodes, isErrorCode } from '../errors/error-catalogue.js';
import { startTestApp, type TestApp } from '#tooling/testing/http-test-kit.js';
import type { ErrorStyle } from './error-middleware.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.running.close();
  current = undefined;
});

async function startErrorApp(errorStyle: ErrorStyle): Promise<TestApp> {
  current = await startTestApp({ errorStyle }, (registrar) => {
    registrar.route('GET', '/raise/:code', (req) => {
      const code = req.params.code;
      if (!isErrorCode(code)) throw new Error('unknown code');
      throw new AppError(code, { detail: `detail of ${code}` });
    });
    registrar.route('GET', '/crash', async () => {
      throw new Error('db password hunter2 leaked', { cause: new Error('socket hang up at 10.0.0.7') });
    });
    registrar.route('GET', '/dependency-down', () => {
      const cause = new Error('connect ECONNREFUSED 127.0.0.1:3306');
      throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'MySQL is unavailable.', cause });
    });
    registrar.route('GET', '/rpc-down', () => {
      const cause = new Error(
        'HTTP request failed.\n\nURL: https://rpc.example/v2/PROVIDERKEY\nRequest body: {"id":1}',
      );
      throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain is unavailable.', cause });
    });
    registrar.route('GET', '/throw-string', () => {
      throw 'plain string failure';
    });
    registrar.route('POST', '/echo', (req, res) => {
      res.status(201).json({ received: req.body as unknown });
    });
  });
  return current;
}

const postJson = (app: TestApp, body: string) =>
  fetch(`${app.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('problem style (trading API)', () => {
  it.each(errorCodes)('renders %s as application/problem+json with status, code header and members', async (code) => {
    const app = await startErrorApp('problem');
    const response = await fetch(`${app.url}/raise/${code}?q=1`);
    const body = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(errorCatalogue[code].status);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(response.headers.get('x-service-error-code')).toBe(code);
    expect(body).toMatchObject({
      type: `http://docs.test/v1/docs/errors/${code}`,
      title: errorCatalogue[code].title,
      status: errorCatalogue[code].status,
      code,
      instance: `/raise/${code}`,
      requestId: response.headers.get('x-request-id'),
    });
    if (code !== 'INTERNAL_ERROR') expect(body.detail).toBe(`detail of ${code}`);
    const retryAfter =
      'retryAfterSeconds' in errorCatalogue[code] ? String(errorCatalogue[code].retryAfterSeconds) : null;
    expect(response.headers.get('retry-after')).toBe(retryAfter);
  });
});

describe('public style (public read API)', () => {
  it.each(errorCodes)('renders %s as application/json { error, message, code } with its status', async (code) => {
    const app = await startErrorApp('public');
    const response = await fetch(`${app.url}/raise/${code}`);
    const body = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(errorCatalogue[code].status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-service-error-code')).toBeNull();
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String), code });
    if (code !== 'INTERNAL_ERROR') expect(body.message).toBe(`detail of ${code}`);
  });
});

describe.each<ErrorStyle>(['problem', 'public'])('%s style: failures around the handlers', (style) => {
  const validationCode = style === 'problem' ? 'VALIDATION_FAILED' : 'INVALID_REQUEST';
  const notFoundCode = style === 'problem' ? 'RESOURCE_NOT_FOUND' : 'NOT_FOUND';

  it('answers 500 INTERNAL_ERROR with only the request id, never the message, cause or stack, and logs them', async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/crash`);
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL_ERROR', requestId: response.headers.get('x-request-id') });
    expect(text).not.toMatch(/hunter2|hang up|10\.0\.0\.7|stack|\.ts:\d+|at /);
    const logged = app.logs.lines().find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({ level: 'error', code: 'INTERNAL_ERROR', route: 'GET /crash' });
    expect(JSON.stringify(logged)).toContain('hunter2');
    expect(JSON.stringify(logged)).toContain('socket hang up');
  });

  it('logs a 503 DEPENDENCY_UNAVAILABLE as one warning line with its reason, without a stack', async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/dependency-down`);
    expect(response.status).toBe(503);
    const logged = app.logs.lines().filter((line) => line.msg === 'dependency unavailable');
    expect(logged).toEqual([
      expect.objectContaining({ level: 'warn', code: 'DEPENDENCY_UNAVAILABLE', route: 'GET /dependency-down' }),
    ]);
    expect(logged[0]).toMatchObject({ reason: 'connect ECONNREFUSED 127.0.0.1:3306' });
    expect(JSON.stringify(logged[0])).not.toContain('stack');
    expect(app.logs.text()).not.toContain('request failed');
    // A chain client's reason quotes the RPC URL (a provider's key in its path) and the request: neither is logged.
    await fetch(`${app.url}/rpc-down`);
    const [, chain] = app.logs.lines().filter((line) => line.msg === 'dependency unavailable');
    expect(chain?.reason).toBe('HTTP request failed.\n\nURL: https://rpc.example/…\nRequest body: [not logged]');
  });

  it('answers 500 when a handler throws a non-Error value and logs the value', async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/throw-string`);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('plain string failure');
    expect(app.logs.text()).toContain('plain string failure');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 KiB', async () => {
    const app = await startErrorApp(style);
    const response = await postJson(app, JSON.stringify({ padding: 'x'.repeat(64 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('accepts a JSON body just under the limit', async () => {
    const app = await startErrorApp(style);
    const response = await postJson(app, JSON.stringify({ padding: 'x'.repeat(64 * 1024 - 20) }));
    expect(response.status).toBe(201);
  });

  it(`answers 400 ${validationCode} for malformed JSON, never 500`, async () => {
    const app = await startErrorApp(style);
    const response = await postJson(app, '{"amount": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: validationCode });
    expect(app.logs.text()).not.toContain('request failed');
  });

  it(`answers 404 ${notFoundCode} for an unknown route`, async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/nowhere`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: notFoundCode });
  });

  it(`answers 400 ${validationCode} for an undecodable path parameter`, async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/raise/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: validationCode });
  });

  it('marks error responses as not cacheable', async () => {
    const app = await startErrorApp(style);
    const response = await fetch(`${app.url}/raise/RESOURCE_NOT_FOUND`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
