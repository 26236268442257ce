import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeKubeApi, type FakeKubeApi } from '#tooling/testing/fake-kube-api.js';
import { exitCodes } from '../cli-output.js';
import { startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';

const NAMESPACE = 'foretell';
const TRADES = 'POST /v1/trades';
const QUOTE = 'GET /api/markets/:id/quote';

interface RouteRow {
  routeId: string;
  deployable: string;
  state: string;
}
interface ListJson {
  configMap: string | null;
  disabled: string[] | null;
  unknown: string[];
  routes: RouteRow[];
}
interface ChangeJson {
  applied: boolean;
  changed?: boolean;
  disabled: string[];
  kubectl?: string;
}

describe('foretell-admin routes', () => {
  let cli: AdminCliHarness;
  let api: FakeKubeApi;
  let directory: string;
  let env: Record<string, string>;
  // "Outside a cluster" must hold on a developer's machine too: no ~/.kube/config or KUBECONFIG of theirs is used
  // (the Kubernetes client reads both from the process environment), so no real cluster is ever patched.
  const realKube = { HOME: process.env.HOME, KUBECONFIG: process.env.KUBECONFIG };

  beforeAll(async () => {
    [cli, api] = await Promise.all([startAdminCliHarness({ chain: false }), startFakeKubeApi()]);
    directory = await mkdtemp(path.join(tmpdir(), 'routes-cli-'));
    env = { KUBECONFIG: path.join(directory, 'config'), POD_NAMESPACE: NAMESPACE };
    await api.writeKubeconfig(env.KUBECONFIG!);
    process.env.HOME = directory;
    delete process.env.KUBECONFIG;
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(realKube)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await Promise.all([cli.stop(), api.close(), rm(directory, { recursive: true, force: true })]);
  });
  beforeEach(() => {
    api.put(NAMESPACE, 'route-switches', { ROUTE_DISABLED: '' });
  });

  const disabledNow = () => api.get(NAMESPACE, 'route-switches')?.data?.ROUTE_DISABLED;

  it('lists every registered route id with its state in the ConfigMap, and ids no app registers', async () => {
    api.put(NAMESPACE, 'route-switches', { ROUTE_DISABLED: `${TRADES},GET /v1/nope` });
    const { code, json } = await cli.runJson<ListJson>(['routes', 'list'], env);
    expect(code).toBe(exitCodes.ok);
    expect(json.configMap).toBe(`${NAMESPACE}/route-switches`);
    expect(json.unknown).toEqual(['GET /v1/nope']);
    const state = (routeId: string) => json.routes.find((row) => row.routeId === routeId);
    expect(state(TRADES)).toEqual({ routeId: TRADES, deployable: 'trading-api', state: 'disabled' });
    expect(state(QUOTE)).toEqual({ routeId: QUOTE, deployable: 'public-read', state: 'enabled' });
    expect(state('*')).toMatchObject({ state: 'enabled' });
    expect(json.routes.length).toBeGreaterThan(40);
  });

  it('disables and enables routes by patching the ConfigMap, and audits each change', async () => {
    const disabled = await cli.runAudited(['--json', 'routes', 'disable', TRADES, QUOTE], env);
    expect(disabled.code).toBe(exitCodes.ok);
    expect(JSON.parse(disabled.out)).toMatchObject({ applied: true, changed: true, disabled: [TRADES, QUOTE] });
    expect(disabledNow()).toBe(`${TRADES},${QUOTE}`);
    expect(disabled.audits.map((entry) => entry.action)).toEqual(['routes.disable']);
    expect(api.requests.filter((request) => request.startsWith('PATCH'))).toContain(
      `PATCH /api/v1/namespaces/${NAMESPACE}/configmaps/route-switches`,
    );

    const enabled = await cli.runJson<ChangeJson>(['routes', 'enable', TRADES], env);
    expect(enabled.json).toMatchObject({ applied: true, changed: true, disabled: [QUOTE] });
    expect(disabledNow()).toBe(QUOTE);

    const again = await cli.runJson<ChangeJson>(['routes', 'enable', TRADES], env);
    expect(again.json).toMatchObject({ applied: true, changed: false, disabled: [QUOTE] });
  });

  it('refuses an id no deployable registers and changes nothing', async () => {
    const { code, json } = await cli.runJson<{ error: { code: string; message: string } }>(
      ['routes', 'disable', 'POST /v1/trade'],
      env,
    );
    expect(code).toBe(exitCodes.usage);
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(json.error.message).toContain("'POST /v1/trade'");
    expect(disabledNow()).toBe('');
  });

  it('says so when the ConfigMap is missing', async () => {
    const { code, json } = await cli.runJson<{ error: { code: string } }>(['routes', 'disable', TRADES], {
      ...env,
      ROUTE_SWITCHES_CONFIGMAP: 'no-such-configmap',
    });
    expect(code).toBe(exitCodes.notFound);
    expect(json.error.code).toBe('RESOURCE_NOT_FOUND');
  });

  it('reports an unreachable API as a dependency failure (exit 69)', async () => {
    await api.stop();
    try {
      const { code, json } = await cli.runJson<{ error: { code: string } }>(['routes', 'disable', TRADES], env);
      expect(code).toBe(exitCodes.unavailable);
      expect(json.error.code).toBe('DEPENDENCY_UNAVAILABLE');
    } finally {
      await api.start();
    }
  });

  it('prints the exact kubectl patch outside a cluster', async () => {
    const { code, json } = await cli.runJson<ChangeJson>(['routes', 'disable', QUOTE, '--current', TRADES], {
      POD_NAMESPACE: 'staging',
    });
    expect(code).toBe(exitCodes.ok);
    expect(json).toEqual({
      applied: false,
      disabled: [TRADES, QUOTE],
      kubectl: `kubectl -n staging patch configmap route-switches --type merge -p '{"data":{"ROUTE_DISABLED":"${TRADES},${QUOTE}"}}'`,
    });
    const list = await cli.runJson<ListJson>(['routes', 'list']);
    expect(list.json.configMap).toBeNull();
    expect(list.json.routes.every((row) => row.state === 'unknown')).toBe(true);
  });
});
