import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpMetrics } from '../http/http-metrics.js';
import { captureLogs, startTestApp, waitFor, type TestApp } from '#tooling/testing/http-test-kit.js';
import type { RouteSwitches } from '../kill-switch/route-switches.js';
import { startFakeKubeApi, type FakeKubeApi } from '#tooling/testing/fake-kube-api.js';
import { routeSwitchesFromConfig } from './route-switches-from-config.js';

const TRADES = 'POST /v1/trades';

let api: FakeKubeApi;
let directory: string;
let kubeconfig: string;
let switches: RouteSwitches | undefined;
let app: TestApp | undefined;

beforeEach(async () => {
  api = await startFakeKubeApi();
  directory = await mkdtemp(path.join(tmpdir(), 'kubeconfig-'));
  kubeconfig = path.join(directory, 'config');
  await api.writeKubeconfig(kubeconfig, 'from-context');
});

afterEach(async () => {
  await app?.running.close();
  await switches?.close();
  app = undefined;
  switches = undefined;
  await api.close();
  await rm(directory, { recursive: true, force: true });
});

async function startApp(settings: { POD_NAMESPACE?: string }): Promise<TestApp> {
  const logs = captureLogs();
  const metrics = createHttpMetrics('http-test');
  switches = await routeSwitchesFromConfig(
    { ROUTE_DISABLED: [], KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBECONFIG: kubeconfig, ...settings },
    logs.logger,
    metrics.registry,
  );
  app = await startTestApp({ errorStyle: 'problem', routeSwitches: switches, metrics }, (registrar) => {
    registrar.route('POST', '/v1/trades', (_req, res) => {
      res.status(201).json({ ok: true });
    });
  });
  return app;
}

describe('an HTTP app in a cluster (KUBECONFIG, POD_NAMESPACE)', () => {
  it('answers 503 ROUTE_DISABLED within 1 s of a ConfigMap flip, without a restart, and 201 once flipped back', async () => {
    api.put('foretell', 'route-switches', { ROUTE_DISABLED: '' });
    const { url } = await startApp({ POD_NAMESPACE: 'foretell' });
    expect((await fetch(`${url}/v1/trades`, { method: 'POST' })).status).toBe(201);

    api.put('foretell', 'route-switches', { ROUTE_DISABLED: TRADES });
    const off = await waitFor(async () => {
      const response = await fetch(`${url}/v1/trades`, { method: 'POST' });
      return response.status === 503 ? ((await response.json()) as { code: string }) : undefined;
    }, 1_000);
    expect(off.value.code).toBe('ROUTE_DISABLED');
    expect(off.elapsedMs).toBeLessThan(1_000);

    api.put('foretell', 'route-switches', { ROUTE_DISABLED: '' });
    const on = await waitFor(async () => {
      const response = await fetch(`${url}/v1/trades`, { method: 'POST' });
      return response.status === 201 ? true : undefined;
    }, 1_000);
    expect(on.elapsedMs).toBeLessThan(1_000);
  });

  it('shows the source and the switch set in /ready details and /metrics', async () => {
    api.put('foretell', 'route-switches', { ROUTE_DISABLED: `${TRADES}, GET /v1/nope` });
    const { url } = await startApp({ POD_NAMESPACE: 'foretell' });
    const ready = (await (await fetch(`${url}/ready`)).json()) as Record<string, unknown>;
    expect(ready).toMatchObject({
      status: 'ready',
      details: {
        routeSwitches: {
          source: 'kubernetes',
          location: 'foretell/route-switches',
          disabled: [TRADES, 'GET /v1/nope'],
          unknown: ['GET /v1/nope'],
          connected: true,
        },
      },
    });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toContain('route_switches_unknown{route="GET /v1/nope",service="http-test"} 1');
    expect(metrics).toContain('route_switches_source_connected{source="kubernetes",service="http-test"} 1');
  });

  it('takes the namespace from the kubeconfig context when POD_NAMESPACE is unset', async () => {
    api.put('from-context', 'route-switches', { ROUTE_DISABLED: TRADES });
    const { url } = await startApp({});
    expect((await fetch(`${url}/v1/trades`, { method: 'POST' })).status).toBe(503);
  });
});

describe('outside a cluster', () => {
  it('reads ROUTE_DISABLED from the env and reports it, unknown ids included, as /ready details', async () => {
    const logs = captureLogs();
    switches = await routeSwitchesFromConfig({ ROUTE_DISABLED: [TRADES, 'GET /v1/nope'] }, logs.logger);
    expect(switches.isDisabled(TRADES)).toBe(true);
    expect(switches.describe?.()).toMatchObject({
      source: 'env',
      location: 'ROUTE_DISABLED',
      disabled: [TRADES, 'GET /v1/nope'],
      unknown: ['GET /v1/nope'],
      connected: true,
    });
    expect(logs.text()).toContain('route ids that no deployable registers');
  });

  it('watches ROUTE_SWITCHES_FILE as the source, disconnected while it cannot be read, connected once it can', async () => {
    const file = path.join(directory, 'ROUTE_DISABLED');
    await writeFile(file, `${TRADES}\n`);
    switches = await routeSwitchesFromConfig({ ROUTE_DISABLED: [], ROUTE_SWITCHES_FILE: file }, captureLogs().logger);
    expect(switches.describe?.()).toMatchObject({
      source: 'file',
      location: file,
      connected: true,
      disabled: [TRADES],
    });
    await rm(file);
    await waitFor(async () => (switches?.describe?.().connected === false ? true : undefined), 2_000);
    expect(switches.describe?.()).toMatchObject({ connected: false, disabled: [TRADES] });
    await writeFile(file, '');
    await waitFor(async () => (switches?.describe?.().connected ? true : undefined), 2_000);
    expect(switches.describe?.()).toMatchObject({ connected: true, disabled: [] });
  });
});
