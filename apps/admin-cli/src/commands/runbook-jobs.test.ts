import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { createUser } from '#shared/db/users/users.repository.js';
import { startFakeKubeApi, type FakeKubeApi } from '#tooling/testing/fake-kube-api.js';
import { liveEnv, startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';
import { startFakeSecretsApi, type FakeSecretsApi } from '#tooling/kits/admin-cli/fake-kube-secrets-api.js';

/** The arguments the runbooks' Job runs the admin CLI with (after `node build/apps/admin-cli/src/main.js`). */
interface JobContainer {
  command: string[];
  env?: Array<{ name: string; value?: string }>;
}

function jobContainer(file: string): JobContainer | undefined {
  // cast: the runbook's Job manifests, validated against the Kubernetes types by cdk8s/lib/admin-cli-job.spec.ts
  const job = parse(readFileSync(new URL(`../../../../docs/runbooks/jobs/${file}`, import.meta.url), 'utf8')) as {
    spec: { template: { spec: { containers: JobContainer[] } } };
  };
  return job.spec.template.spec.containers[0];
}

function jobArguments(file: string): string[] {
  return jobContainer(file)?.command.slice(2) ?? [];
}

/** The Job's literal env values (KEY_HANDOVER…), as the pod would have them. */
function jobValues(file: string): Record<string, string> {
  const entries = jobContainer(file)?.env ?? [];
  return Object.fromEntries(entries.flatMap((entry) => (entry.value === undefined ? [] : [[entry.name, entry.value]])));
}

describe('the admin CLI Jobs of docs/runbooks/jobs, run by the real CLI', () => {
  let cli: AdminCliHarness;
  let api: FakeKubeApi;
  let secretsApi: FakeSecretsApi;
  let directory: string;
  const realKube = { HOME: process.env.HOME, KUBECONFIG: process.env.KUBECONFIG };

  beforeAll(async () => {
    [cli, api, secretsApi] = await Promise.all([
      startAdminCliHarness({ chain: false }),
      startFakeKubeApi(),
      startFakeSecretsApi(),
    ]);
    directory = await mkdtemp(path.join(tmpdir(), 'runbook-jobs-'));
    process.env.HOME = directory; // no developer's ~/.kube/config is ever used
    delete process.env.KUBECONFIG;
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(realKube)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await Promise.all([cli.stop(), api.close(), secretsApi.close(), rm(directory, { recursive: true, force: true })]);
  });

  it('keys-issue.job.yaml issues the live enterprise key it describes into a Secret and prints only its name', async () => {
    const args = jobArguments('keys-issue.job.yaml');
    const email = args[args.indexOf('--user') + 1] ?? '';
    const user = await createUser(cli.database.db, { email });
    const kubeconfig = path.join(directory, 'key-issuer-config');
    await secretsApi.writeKubeconfig(kubeconfig);
    const inPod = {
      ...jobValues('keys-issue.job.yaml'),
      KUBERNETES_SERVICE_HOST: '10.96.0.1',
      KUBECONFIG: kubeconfig,
      POD_NAMESPACE: 'foretell',
    };
    const result = await cli.run(args, { ...liveEnv, ...inPod });
    expect(result.code).toBe(0);
    const lines = result.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] ?? '{}') as { id: string; secret: { name: string } };
    expect(printed).toMatchObject({
      userId: user.id,
      tier: 'enterprise',
      env: 'live',
      secret: { namespace: 'foretell', name: `api-key-${printed.id}`, entries: ['apiKey'] },
    });
    const stored = secretsApi.secret('foretell', printed.secret.name)?.data?.apiKey ?? '';
    const key = Buffer.from(stored, 'base64').toString('utf8');
    expect(key).toMatch(/^svc_live_/);
    expect(result.out + result.err).not.toContain(key);
  });

  it('routes-disable.job.yaml disables the route it names through the Kubernetes API', async () => {
    const kubeconfig = path.join(directory, 'config');
    await api.writeKubeconfig(kubeconfig);
    api.put('foretell', 'route-switches', { ROUTE_DISABLED: '' });
    const result = await cli.run(jobArguments('routes-disable.job.yaml'), {
      ...liveEnv,
      KUBECONFIG: kubeconfig,
      POD_NAMESPACE: 'foretell',
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ applied: true, disabled: ['POST /v1/trades'] });
    expect(api.get('foretell', 'route-switches')?.data?.ROUTE_DISABLED).toBe('POST /v1/trades');
  });
});
