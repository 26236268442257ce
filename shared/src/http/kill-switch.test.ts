import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileRouteSwitches } from '../kill-switch/file-route-switches.js';
import { createStaticRouteSwitches, type RouteSwitches } from '../kill-switch/route-switches.js';
import { captureLogs, startTestApp, waitFor, type TestApp } from '#tooling/testing/http-test-kit.js';
import type { ErrorStyle } from './error-middleware.js';

const QUOTE = 'GET /api/markets/:id/quote';
const TRADES = 'POST /v1/trades';

let directory: string;
let file: string;
let switches: RouteSwitches | undefined;
let current: TestApp | undefined;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'kill-switch-'));
  file = path.join(directory, 'ROUTE_DISABLED');
  await writeFile(file, '');
});

afterEach(async () => {
  await current?.running.close();
  await switches?.close();
  current = undefined;
  switches = undefined;
  await rm(directory, { recursive: true, force: true });
});

async function startSwitchedApp(errorStyle: ErrorStyle, routeSwitches?: RouteSwitches): Promise<TestApp> {
  switches =
    routeSwitches ?? (await createFileRouteSwitches({ path: file, fallback: [], logger: captureLogs().logger }));
  current = await startTestApp({ errorStyle, routeSwitches: switches }, (registrar) => {
    registrar.route('GET', '/api/markets/:id/quote', (req, res) => {
      res.json({ quote: req.params.id });
    });
    registrar.route('POST', '/v1/trades', (_req, res) => {
      res.status(201).json({ ok: true });
    });
  });
  return current;
}

describe.each<ErrorStyle>(['problem', 'public'])('kill switch in %s style', (style) => {
  it('answers 503 ROUTE_DISABLED with Retry-After 60 and extensions.route within 1 s of the file edit, then 200 once cleared', async () => {
    const app = await startSwitchedApp(style);
    const quoteUrl = `${app.url}/api/markets/m1/quote`;
    expect((await fetch(quoteUrl)).status).toBe(200);

    await writeFile(file, `# incident\n${QUOTE}\n`);
    const disabled = await waitFor(async () => {
      const response = await fetch(quoteUrl);
      return response.status === 503 ? response : undefined;
    }, 1_000);
    expect(disabled.elapsedMs).toBeLessThan(1_000);
    const response = disabled.value;
    expect(response.headers.get('retry-after')).toBe('60');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: QUOTE } });
    if (style === 'problem') {
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(response.headers.get('x-service-error-code')).toBe('ROUTE_DISABLED');
      expect(body.status).toBe(503);
    } else {
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(body.error).toBe('Service Unavailable');
    }
    // Other routes keep working.
    expect((await fetch(`${app.url}/v1/trades`, { method: 'POST' })).status).toBe(201);

    await writeFile(file, '');
    const enabled = await waitFor(async () => ((await fetch(quoteUrl)).status === 200 ? true : undefined), 1_000);
    expect(enabled.elapsedMs).toBeLessThan(1_000);
  });

  it('disables every data route with * but never /health, /ready or /metrics', async () => {
    const app = await startSwitchedApp(style);
    await writeFile(file, '*');
    await waitFor(
      async () => ((await fetch(`${app.url}/api/markets/m1/quote`)).status === 503 ? true : undefined),
      1_000,
    );

    const trade = await fetch(`${app.url}/v1/trades`, { method: 'POST' });
    expect(trade.status).toBe(503);
    expect(await trade.json()).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: TRADES } });
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    expect((await fetch(`${app.url}/ready`)).status).toBe(200);
    expect((await fetch(`${app.url}/metrics`)).status).toBe(200);
  });

  it('matches the registered id exactly: other methods and paths stay enabled', async () => {
    const app = await startSwitchedApp(
      style,
      createStaticRouteSwitches(['GET /api/markets/m1/quote', 'get /api/markets/:id/quote']),
    );
    expect((await fetch(`${app.url}/api/markets/m1/quote`)).status).toBe(200);
  });

  it('checks the kill switch before the body size', async () => {
    const app = await startSwitchedApp(style, createStaticRouteSwitches([TRADES]));
    const response = await fetch(`${app.url}/v1/trades`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(100 * 1024) }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'ROUTE_DISABLED' });
  });

  it('counts disabled responses under the route id in /metrics', async () => {
    const app = await startSwitchedApp(style, createStaticRouteSwitches([QUOTE]));
    await fetch(`${app.url}/api/markets/m1/quote`);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{[^}]*route="GET \/api\/markets\/:id\/quote"[^}]*status="503"[^}]*\} 1/,
    );
  });
});
