import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp, type TestAppOptions } from '#tooling/testing/http-test-kit.js';
import type { RouteRegistrar } from './route-registrar.js';
import { requestIdOf } from './request-id.middleware.js';
import { DependencyNotReady } from './readiness.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.running.close();
  current = undefined;
});

async function start(options: Partial<TestAppOptions> = {}, mount: (registrar: RouteRegistrar) => void = () => {}) {
  current = await startTestApp({ errorStyle: 'problem', ...options }, mount);
  return current;
}

const never = new Promise<void>(() => {});

describe('health and ready', () => {
  it('answers health with { status: ok, version } on every configured path', async () => {
    const app = await start({ healthPaths: ['/health', '/v1/health'] });
    for (const path of ['/health', '/v1/health']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', version: '1.2.3' });
    }
  });

  it('answers ready 200 with each check ok', async () => {
    const app = await start({
      readyPaths: ['/ready', '/v1/ready'],
      readinessChecks: [
        { name: 'mysql', check: async () => {} },
        { name: 'redis', check: async () => {} },
      ],
    });
    for (const path of ['/ready', '/v1/ready']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready', checks: { mysql: 'ok', redis: 'ok' } });
    }
  });

  it('answers ready 503 naming the failing check, and logs a failure after start-up once, with its detail', async () => {
    let broken = false;
    const app = await start({
      readinessChecks: [
        { name: 'mysql', check: async () => {} },
        {
          name: 'rabbitmq',
          check: async () => {
            if (broken) throw new DependencyNotReady('not connected', 'NOT_CONNECTED');
          },
        },
      ],
    });
    expect((await fetch(`${app.url}/ready`)).status).toBe(200);
    broken = true;
    for (let probe = 0; probe < 2; probe += 1) {
      const response = await fetch(`${app.url}/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'not_ready', checks: { mysql: 'ok', rabbitmq: 'fail' } });
    }
    const failures = app.logs.lines().filter((line) => line.msg === 'readiness check failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 'warn', check: 'rabbitmq', err: { message: 'not connected' } });
    expect(String((failures[0]!.err as { stack?: unknown }).stack)).toContain('http-app.test');
  });

  it('logs a dependency still connecting at start-up as one line without a stack', async () => {
    let connected = false;
    const app = await start({
      readinessChecks: [
        {
          name: 'rabbitmq',
          check: async () => {
            if (!connected) throw new DependencyNotReady('not connected', 'NOT_CONNECTED');
          },
        },
        {
          name: 'mysql',
          check: async () => {
            if (!connected)
              throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
          },
        },
      ],
    });
    for (let probe = 0; probe < 2; probe += 1) expect((await fetch(`${app.url}/ready`)).status).toBe(503);
    connected = true;
    expect((await fetch(`${app.url}/ready`)).status).toBe(200);

    const lines = app.logs.lines();
    expect(lines.filter((line) => line.msg === 'readiness check failed')).toEqual([]);
    const waiting = lines.filter((line) => line.msg === 'readiness check waiting for its dependency to start');
    expect(waiting).toEqual([
      expect.objectContaining({
        level: 'info',
        check: 'rabbitmq',
        error: { code: 'NOT_CONNECTED', message: 'not connected' },
      }),
      expect.objectContaining({
        level: 'info',
        check: 'mysql',
        error: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:3306' },
      }),
    ]);
    for (const line of waiting) expect(Object.keys(line)).not.toContain('err');
    expect(JSON.stringify(waiting)).not.toContain('stack');
  });

  it('fails a check that does not answer within the readiness timeout', async () => {
    const app = await start({ readinessTimeoutMs: 50, readinessChecks: [{ name: 'chain', check: () => never }] });
    const response = await fetch(`${app.url}/ready`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not_ready', checks: { chain: 'fail' } });
  });

  it('logs a check that times out at start-up as one line (TIMED_OUT), and as a warning with detail after it', async () => {
    let answering = false;
    const app = await start({
      readinessTimeoutMs: 50,
      readinessChecks: [{ name: 'chain', check: () => (answering ? Promise.resolve() : never) }],
    });
    expect((await fetch(`${app.url}/ready`)).status).toBe(503);
    answering = true;
    expect((await fetch(`${app.url}/ready`)).status).toBe(200);
    answering = false;
    expect((await fetch(`${app.url}/ready`)).status).toBe(503);

    const lines = app.logs.lines();
    expect(lines.filter((line) => line.msg === 'readiness check waiting for its dependency to start')).toEqual([
      expect.objectContaining({
        check: 'chain',
        error: { code: 'TIMED_OUT', message: 'readiness check chain timed out after 50 ms' },
      }),
    ]);
    const failures = lines.filter((line) => line.msg === 'readiness check failed');
    expect(failures).toEqual([expect.objectContaining({ level: 'warn', check: 'chain' })]);
    expect(failures[0]!.err).toMatchObject({ message: 'readiness check chain timed out after 50 ms' });
  });

  it('answers ready 503 from the moment shutdown starts', async () => {
    const app = await startTestApp({ errorStyle: 'public' }, () => {}, { readinessDrainMs: 1_000 });
    expect((await fetch(`${app.url}/ready`)).status).toBe(200);
    const closing = app.running.close();
    const response = await fetch(`${app.url}/ready`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'not_ready', shuttingDown: true });
    await closing;
  });
});

describe('metrics', () => {
  it('counts requests by route id, never by raw URL, and unmatched requests as unmatched', async () => {
    const app = await start({}, (registrar) => {
      registrar.route('GET', '/api/markets/:id/quote', (_req, res) => {
        res.json({});
      });
    });
    await fetch(`${app.url}/api/markets/a/quote`);
    await fetch(`${app.url}/api/markets/b/quote`);
    await fetch(`${app.url}/no/such/thing-123`);
    const response = await fetch(`${app.url}/metrics`);
    const text = await response.text();

    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(text).toMatch(
      /http_requests_total\{route="GET \/api\/markets\/:id\/quote",method="GET",status="200",service="http-test"\} 2/,
    );
    expect(text).toMatch(/http_requests_total\{route="unmatched",method="GET",status="404",service="http-test"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="GET \/api\/markets\/:id\/quote"[^}]*\} 2/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain('thing-123');
    expect(text).not.toContain('/api/markets/a/quote');
  });
});

describe('request ids and access logs', () => {
  function mountEcho(registrar: RouteRegistrar): void {
    registrar.route('POST', '/v1/trades', (_req, res) => {
      res.status(201).json({});
    });
  }

  it('echoes a sane incoming X-Request-Id and mints req_ ids otherwise', async () => {
    const app = await start();
    const kept = await fetch(`${app.url}/health`, { headers: { 'x-request-id': 'gateway-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('gateway-abc.123');
    const replaced = await fetch(`${app.url}/health`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
    const minted = await fetch(`${app.url}/health`);
    expect(minted.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('puts the request id on the access line and on the error line of a failed request, never the body', async () => {
    const app = await start({}, (registrar) => {
      registrar.route('POST', '/v1/trades', async (req, res) => {
        await Promise.resolve();
        res
          .status(201)
          .json({ requestIdSeenByHandler: requestIdOf(res), marketId: (req.body as { marketId?: string }).marketId });
      });
      registrar.route('GET', '/v1/broken', async () => {
        await Promise.resolve();
        throw new Error('database on fire');
      });
    });
    const response = await fetch(`${app.url}/v1/trades`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-42' },
      body: JSON.stringify({ marketId: 'm-1', secretNote: 'do-not-log-body' }),
    });
    expect(await response.json()).toEqual({ requestIdSeenByHandler: 'trace-42', marketId: 'm-1' });
    await fetch(`${app.url}/v1/broken`, { headers: { 'x-request-id': 'trace-43' } });
    const access = app.logs.lines().filter((line) => line.requestId === 'trace-42');
    expect(access.map((line) => line.msg)).toEqual(['request']);
    expect(access[0]).toMatchObject({ method: 'POST', route: 'POST /v1/trades', path: '/v1/trades', status: 201 });
    expect(typeof access[0]?.durationMs).toBe('number');
    const failed = app.logs.lines().filter((line) => line.requestId === 'trace-43');
    expect(failed.map((line) => line.msg)).toEqual(['request failed', 'request']);
    expect(failed[0]).toMatchObject({ level: 'error', route: 'GET /v1/broken', code: 'INTERNAL_ERROR' });
    expect(app.logs.text()).not.toContain('do-not-log-body');
  });

  it('never writes x-api-key, authorization or signature header values to the logs', async () => {
    const app = await start({}, mountEcho);
    const secrets = ['svc_test_abcdefghijklmnopqrstuvwxyz012345', 'Bearer very-secret', 't=1,v1=deadbeefsig'];
    await fetch(`${app.url}/v1/trades?x=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': secrets[0]!,
        authorization: secrets[1]!,
        'x-service-signature': secrets[2]!,
      },
      body: '{}',
    });
    await fetch(`${app.url}/nowhere`, { headers: { 'x-api-key': secrets[0]! } });
    const text = app.logs.text();
    expect(text).toContain('"route":"POST /v1/trades"');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('logs probes and scrapes at debug, data routes at info', async () => {
    const app = await start({}, mountEcho);
    await fetch(`${app.url}/health`);
    await fetch(`${app.url}/v1/trades`, { method: 'POST' });
    const requests = app.logs.lines().filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.route, line.level])).toEqual([
      ['GET /health', 'debug'],
      ['POST /v1/trades', 'info'],
    ]);
  });
});

describe('headers and proxies', () => {
  it('sends API security headers and neither X-Powered-By nor an Express ETag', async () => {
    const app = await start({}, (registrar) => {
      registrar.route('GET', '/v1/markets', (_req, res) => {
        res.json({ data: [] });
      });
    });
    const response = await fetch(`${app.url}/v1/markets`);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Document-only headers stay off JSON responses (docs/decisions/0012).
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('x-xss-protection')).toBeNull();
  });

  it('ignores X-Forwarded-For by default and honours it only from trusted proxies', async () => {
    const mountIp = (registrar: RouteRegistrar) =>
      registrar.route('GET', '/ip', (req, res) => {
        res.json({ ip: req.ip });
      });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const untrusting = await start({}, mountIp);
    expect(await (await fetch(`${untrusting.url}/ip`, { headers })).json()).toEqual({ ip: '127.0.0.1' });
    await untrusting.running.close();

    const trusting = await start({ trustProxy: 'loopback' }, mountIp);
    expect(await (await fetch(`${trusting.url}/ip`, { headers })).json()).toEqual({ ip: '203.0.113.9' });
  });

  it('refuses to register the same route id twice', async () => {
    await expect(
      start({}, (registrar) => {
        registrar.route('GET', '/x', (_req, res) => res.end());
        registrar.route('GET', '/x', (_req, res) => res.end());
      }),
    ).rejects.toThrow('GET /x is registered twice');
  });
});

describe('conditional requests', () => {
  it('answers If-None-Match: * with the full response where the route sets no ETag of its own (health, documents, JSON)', async () => {
    const app = await start({}, (registrar) => {
      registrar.route('GET', '/v1/openapi.json', (_req, res) => {
        res.type('application/json').send('{"openapi":"3.1.0"}');
      });
      registrar.route('GET', '/v1/things', (_req, res) => {
        res.json({ things: [] });
      });
    });
    for (const path of ['/health', '/v1/openapi.json', '/v1/things']) {
      const response = await fetch(`${app.url}${path}`, { headers: { 'if-none-match': '*' } });
      expect({ path, status: response.status, empty: (await response.text()) === '' }).toEqual({
        path,
        status: 200,
        empty: false,
      });
    }
  });
});
