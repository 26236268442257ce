import http from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createStaticRouteSwitches } from '../kill-switch/route-switches.js';
import { createHttpApp } from './http-app.js';
import { captureLogs, startTestApp, type TestApp } from '#tooling/testing/http-test-kit.js';
import type { RouteRegistrar } from './route-registrar.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.running.close();
  current = undefined;
});

/** A prefix middleware that marks what it saw, and a route that echoes Express's request helpers. */
function mountProbe(registrar: RouteRegistrar): void {
  registrar.use('/api', (_req, res, next) => {
    res.setHeader('X-Prefixed', 'yes');
    next();
  });
  registrar.route('GET', '/api/echo/:id', (req, res) => {
    res
      .status(201)
      .json({ id: req.params.id, query: req.query, header: req.get('x-probe') ?? null, url: req.originalUrl });
  });
  registrar.route('GET', '/apiary', (_req, res) => {
    res.json({ apiary: true });
  });
}

describe('the edge dispatcher', () => {
  it('serves routes with Express helpers on the requests startHttpServer builds', async () => {
    current = await startTestApp({ errorStyle: 'problem' }, mountProbe);
    const response = await fetch(`${current.url}/api/echo/Abc?x=1&y=two`, { headers: { 'X-Probe': 'p' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-prefixed')).toBe('yes');
    expect(await response.json()).toEqual({
      id: 'Abc',
      query: { x: '1', y: 'two' },
      header: 'p',
      url: '/api/echo/Abc?x=1&y=two',
    });
  });

  it('runs a prefix middleware under its prefix, case-insensitively, and not on a longer segment', async () => {
    current = await startTestApp({ errorStyle: 'problem' }, mountProbe);
    expect((await fetch(`${current.url}/API/echo/1`)).headers.get('x-prefixed')).toBe('yes');
    expect((await fetch(`${current.url}/api`)).headers.get('x-prefixed')).toBe('yes');
    expect((await fetch(`${current.url}/api?q=1`)).headers.get('x-prefixed')).toBe('yes');
    const apiary = await fetch(`${current.url}/apiary`);
    expect(apiary.headers.get('x-prefixed')).toBeNull();
    expect(await apiary.json()).toEqual({ apiary: true });
  });

  it('answers an unknown path with the app 404 and a thrown error with the error style, on a plain node:http server too', async () => {
    const app = createHttpApp(
      {
        serviceName: 'edge-test',
        version: '1.0.0',
        logger: captureLogs().logger,
        errorStyle: 'public',
        routeSwitches: createStaticRouteSwitches([]),
        readinessChecks: [],
      },
      (registrar) => {
        mountProbe(registrar);
        registrar.route('GET', '/api/boom', () => {
          throw new Error('boom');
        });
      },
    );
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const echo = await fetch(`${base}/api/echo/7?a=b`);
      expect(echo.status).toBe(201);
      expect(await echo.json()).toMatchObject({ id: '7', query: { a: 'b' } });
      const missing = await fetch(`${base}/nowhere`);
      expect(missing.status).toBe(404);
      const boom = await fetch(`${base}/api/boom`);
      expect(boom.status).toBe(500);
      expect(await boom.text()).not.toContain('boom');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
