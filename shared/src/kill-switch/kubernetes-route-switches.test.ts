import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { Registry } from 'prom-client';
import { captureLogs, waitFor } from '#tooling/testing/http-test-kit.js';
import { startFakeKubeApi, FAKE_KUBE_TOKEN, type FakeKubeApi } from '#tooling/testing/fake-kube-api.js';
import { createKubernetesRouteSwitches } from './kubernetes-route-switches.js';
import { createRouteSwitchObserver } from './route-switch-observer.js';
import type { RouteSwitches } from './route-switches.js';

const NAMESPACE = 'foretell';
const NAME = 'route-switches';
const TRADES = 'POST /v1/trades';
const QUOTE = 'GET /api/markets/:id/quote';

let api: FakeKubeApi;
let switches: RouteSwitches | undefined;

beforeEach(async () => {
  api = await startFakeKubeApi();
});

afterEach(async () => {
  await switches?.close();
  switches = undefined;
  await api.close();
});

function kubeConfigFor(server: FakeKubeApi): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'fake', server: server.url, skipTLSVerify: true }],
    users: [{ name: 'fake', token: FAKE_KUBE_TOKEN }],
    contexts: [{ name: 'fake', cluster: 'fake', user: 'fake' }],
    currentContext: 'fake',
  });
  return kubeConfig;
}

async function start(fallback: string[] = [], backoff = { initialMs: 20, maxMs: 100 }) {
  const logs = captureLogs();
  const registry = new Registry();
  const observed = createRouteSwitchObserver({
    source: 'kubernetes',
    location: `${NAMESPACE}/${NAME}`,
    logger: logs.logger,
    registry,
  });
  // Counts every sign of life from the API (an open watch, an event, a bookmark) the watcher reports.
  let syncs = 0;
  const observer = {
    ...observed,
    synced: () => {
      syncs += 1;
      observed.synced();
    },
  };
  switches = await createKubernetesRouteSwitches({
    kubeConfig: kubeConfigFor(api),
    namespace: NAMESPACE,
    name: NAME,
    fallback,
    logger: logs.logger,
    observer,
    backoff,
  });
  return { switches, logs, registry, observer, syncs: () => syncs };
}

const disabledBecomes = (target: RouteSwitches, expected: string[]) =>
  waitFor(async () => (JSON.stringify(target.disabledRoutes()) === JSON.stringify(expected) ? true : undefined), 2_000);
const watchOpen = () => waitFor(async () => (api.openWatches() > 0 ? true : undefined), 2_000);
const lists = () => api.requests.filter((request) => request.startsWith('GET') && !request.includes('watch=true'));

describe('kill switches from the route-switches ConfigMap', () => {
  it('reads the ConfigMap at start and follows ADDED, MODIFIED and DELETED without a restart', async () => {
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    const { switches: live } = await start();
    expect(live.disabledRoutes()).toEqual([TRADES]);

    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: `${TRADES}, ${QUOTE}` });
    await disabledBecomes(live, [TRADES, QUOTE]);
    api.remove(NAMESPACE, NAME);
    await disabledBecomes(live, []);
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: '*' });
    await disabledBecomes(live, ['*']);
    expect(live.isDisabled('GET /v1/markets')).toBe(true);
  });

  it('treats a missing ConfigMap (or key) as nothing disabled, replacing the env fallback', async () => {
    const { switches: live } = await start([QUOTE]);
    expect(live.disabledRoutes()).toEqual([]);
    api.put(NAMESPACE, NAME, { OTHER: 'x' });
    api.put(NAMESPACE, 'unrelated', { ROUTE_DISABLED: TRADES });
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: QUOTE });
    await disabledBecomes(live, [QUOTE]);
  });

  it('asks only for its own ConfigMap, so a Role limited by resourceNames is enough', async () => {
    await start();
    await watchOpen();
    expect(api.requests.length).toBe(2);
    for (const request of api.requests) {
      expect(request).toContain(`/api/v1/namespaces/${NAMESPACE}/configmaps?`);
      expect(request).toContain(`fieldSelector=metadata.name%3D${NAME}`);
    }
  });

  it('relists on ERROR 410 Gone and catches up with changes the lost watch missed', async () => {
    const { switches: live, registry } = await start();
    await watchOpen();
    api.compact(true);
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    await disabledBecomes(live, [TRADES]);
    await waitFor(async () => (lists().length === 2 ? true : undefined), 2_000);
    expect(await registry.getSingleMetricAsString('route_switches_watch_restarts_total')).toMatch(
      /reason="gone"[^\n]* 1/,
    );
  });

  it('resumes a dropped watch from the last bookmark without relisting', async () => {
    const { switches: live, syncs } = await start();
    api.put(NAMESPACE, 'unrelated', { ROUTE_DISABLED: QUOTE }); // moves the version; filtered out of our watch
    await watchOpen();
    await waitFor(async () => (syncs() > 0 ? true : undefined), 2_000);
    const before = syncs();
    api.bookmark();
    api.compact(false); // a resume from before the bookmark would now get 410 and relist
    await waitFor(async () => (syncs() > before ? true : undefined), 2_000); // the client took the bookmark
    api.dropConnections();
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    await disabledBecomes(live, [TRADES]);
    expect(lists()).toHaveLength(1);
    const watches = api.requests.filter((request) => request.includes('watch=true'));
    expect(watches.length).toBeGreaterThanOrEqual(2);
    expect(watches.at(-1)).toContain(
      `resourceVersion=${Number(api.get(NAMESPACE, 'unrelated')!.metadata.resourceVersion)}`,
    );
  });

  it('restarts a watch ended by a non-410 ERROR after a growing delay, keeping the last list and its version', async () => {
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    const { switches: live, logs, registry } = await start([], { initialMs: 100, maxMs: 800 });
    await watchOpen();
    const failedAt = Date.now();
    api.failWatches({ code: 500, message: 'etcdserver: request timed out' });
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: QUOTE }); // changed while every watch fails
    await waitFor(async () => (api.watchTimes.length >= 4 ? true : undefined), 5_000);

    expect(live.disabledRoutes()).toEqual([TRADES]);
    expect(logs.text()).toContain('watch error 500: etcdserver: request timed out');
    expect(await registry.getSingleMetricAsString('route_switches_watch_restarts_total')).toMatch(
      /reason="error"[^\n]* [3-9]/,
    );
    // Jittered delays of [50, 100], [100, 200] and [200, 400] ms: each retry waits at least half its ceiling.
    const [, second = 0, third = 0, fourth = 0] = api.watchTimes;
    expect(second - failedAt).toBeGreaterThanOrEqual(50);
    expect(third - second).toBeGreaterThanOrEqual(100);
    expect(fourth - third).toBeGreaterThanOrEqual(200);

    api.failWatches(null);
    await disabledBecomes(live, [QUOTE]);
    expect(lists()).toHaveLength(1); // resumed from the last version seen, no relist
    expect(api.requests.filter((request) => request.includes('watch=true')).at(-1)).toContain(
      `resourceVersion=${Number(api.get(NAMESPACE, NAME)?.metadata.resourceVersion) - 1}`,
    );
  });

  it('keeps the last known list while the API is away, reports it, and catches up when it returns', async () => {
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    const { switches: live, observer, logs } = await start();
    await api.stop();
    await waitFor(async () => (observer.status().connected ? undefined : true), 2_000);
    expect(live.disabledRoutes()).toEqual([TRADES]);
    expect(live.describe?.()).toMatchObject({ source: 'kubernetes', connected: false, disabled: [TRADES] });
    expect(logs.text()).toContain('route switches source unreachable; keeping the last known list');

    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: QUOTE }); // changed while the API was unreachable
    await api.start();
    await disabledBecomes(live, [QUOTE]);
    await waitFor(async () => (observer.status().connected ? true : undefined), 2_000);
  });

  it('starts with the fallback list when the API cannot be reached at start', async () => {
    await api.stop();
    const logs = captureLogs();
    const observer = createRouteSwitchObserver({ source: 'kubernetes', location: 'x', logger: logs.logger });
    switches = await createKubernetesRouteSwitches({
      kubeConfig: kubeConfigFor(api),
      namespace: NAMESPACE,
      name: NAME,
      fallback: [QUOTE],
      logger: logs.logger,
      observer,
      backoff: { initialMs: 20, maxMs: 50 },
      initialSyncTimeoutMs: 200,
    });
    expect(switches.disabledRoutes()).toEqual([QUOTE]);
    expect(observer.status()).toMatchObject({ connected: false, lastSyncAt: null });
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    await api.start();
    await disabledBecomes(switches, [TRADES]);
  });

  it('logs and exports route ids no deployable registers, and still applies the known ones', async () => {
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: `POST /v1/trade, ${QUOTE}` });
    const { switches: live, logs, registry } = await start();
    expect(live.disabledRoutes()).toEqual(['POST /v1/trade', QUOTE]);
    expect(live.describe?.().unknown).toEqual(['POST /v1/trade']);
    expect(logs.text()).toContain('route ids that no deployable registers');
    const metrics = await registry.metrics();
    expect(metrics).toContain('route_switches_unknown{route="POST /v1/trade"} 1');
    expect(metrics).toContain(`route_switches_disabled{route="${QUOTE}"} 1`);
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: QUOTE });
    await disabledBecomes(live, [QUOTE]);
    expect(await registry.metrics()).not.toContain('route_switches_unknown{');
  });

  it('stops watching once closed', async () => {
    const { switches: live } = await start();
    await watchOpen();
    await live.close();
    switches = undefined;
    const before = api.requests.length;
    api.put(NAMESPACE, NAME, { ROUTE_DISABLED: TRADES });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.disabledRoutes()).toEqual([]);
    expect(api.requests.length).toBe(before);
  });
});
