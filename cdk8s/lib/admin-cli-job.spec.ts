import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { Testing } from 'cdk8s';
import { AdminCliJob, adminCliJobYaml, ADMIN_CLI_SECRETS, type AdminCliJobProps } from './admin-cli-job.js';
import { ENVIRONMENTS, production, type Environment } from './environment.js';
import { matches, synthChart } from './chart.fixture.js';
import { KEY_ISSUER_SERVICE_ACCOUNT } from './key-issuer.js';
import { CONFIG_MAP_NAME, SECRET_NAME } from './labels.js';
import { ADMIN_SERVICE_ACCOUNT } from './route-switches.js';
import { manifestErrors, parseManifests } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
const jobsDir = new URL('../../docs/runbooks/jobs/', import.meta.url);
const ISSUE = ['--actor', 'alice@ops', '--json', 'keys', 'issue', '--user', 'ada@example.com', '--tier', 'mm'];

function synthJob(env: Environment, props: AdminCliJobProps): any {
  const chart = Testing.chart();
  new AdminCliJob(chart, env, props);
  const [job, ...others] = Testing.synth(chart);
  expect(others).toEqual([]);
  return job;
}

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('an admin CLI Job in %s', (_name, env) => {
  const chart = synthChart(env, 'chart');
  const job = synthJob(env, { name: 'keys-ada-1', args: ISSUE });
  const pod = job.spec.template.spec;
  const [container] = pod.containers;

  it('validates against the Kubernetes schema', () => {
    expect(manifestErrors(job)).toEqual([]);
  });

  it("runs the CLI from the apps' image with the shared ConfigMap and the CLI's secrets, key by key", () => {
    expect(container.image).toBe(`${env.image.registry}/${env.image.repository}:${env.image.tag}`);
    expect(container.command).toEqual(['node', 'build/apps/admin-cli/src/main.js', ...ISSUE]);
    expect(container.envFrom).toEqual([{ configMapRef: { name: CONFIG_MAP_NAME } }]);
    const secrets = container.env.filter((variable: any) => variable.valueFrom?.secretKeyRef);
    for (const variable of secrets) expect(variable.valueFrom.secretKeyRef.name).toBe(SECRET_NAME);
    const required = secrets.filter((variable: any) => !variable.valueFrom.secretKeyRef.optional);
    expect(required.map((variable: any) => variable.name)).toEqual(ADMIN_CLI_SECRETS);
    expect(secrets.filter((variable: any) => variable.valueFrom.secretKeyRef.optional).map((v: any) => v.name)).toEqual(
      ['API_KEY_PEPPER_PREVIOUS', 'WEBHOOK_SECRET_KEY_PREVIOUS'],
    );
    // The executor's signer keys (EXECUTOR_SIGNER_<i>, EXECUTOR_PRIVATE_KEYS) never reach the CLI.
    expect(JSON.stringify(job)).not.toMatch(/EXECUTOR_|AMQP_URL|REDIS_URL/);
  });

  it('runs once (a retried `keys issue` would issue a second key) and is deleted within the hour', () => {
    expect(job.spec.backoffLimit).toBe(0);
    expect(pod.restartPolicy).toBe('Never');
    expect(job.spec.ttlSecondsAfterFinished).toBeLessThanOrEqual(3600);
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
  });

  it("is selected by the chart's admin-cli NetworkPolicy, which lets it reach the API server", () => {
    const policy = chart.find(
      (manifest) => manifest.kind === 'NetworkPolicy' && manifest.metadata.name === 'admin-cli',
    ) as any;
    expect(matches(policy.spec.podSelector.matchLabels, job.spec.template.metadata.labels)).toBe(true);
    const { endpoints, port } = env.network.apiServer;
    expect(policy.spec.egress).toContainEqual({
      to: endpoints.map((cidr) => ({ ipBlock: { cidr } })),
      ports: [{ protocol: 'TCP', port }],
    });
  });

  it('runs `keys issue` as foretell-key-issuer with its token, `routes` as foretell-admin with its, others tokenless', () => {
    const account = (name: string) => chart.find((m) => m.kind === 'ServiceAccount' && m.metadata.name === name);
    expect(pod.serviceAccountName).toBe(KEY_ISSUER_SERVICE_ACCOUNT);
    expect(pod.automountServiceAccountToken).toBe(true);
    expect(account(KEY_ISSUER_SERVICE_ACCOUNT)).toBeDefined();
    const routes = synthJob(env, { name: 'routes-off', args: ['routes', 'disable', '*'], kubernetesApi: true });
    expect(routes.spec.template.spec).toMatchObject({
      serviceAccountName: ADMIN_SERVICE_ACCOUNT,
      automountServiceAccountToken: true,
    });
    expect(account(ADMIN_SERVICE_ACCOUNT)).toBeDefined();
    const status = synthJob(env, { name: 'secrets-status', args: ['--json', 'secrets', 'status'] });
    expect(status.spec.template.spec).toMatchObject({
      serviceAccountName: ADMIN_SERVICE_ACCOUNT,
      automountServiceAccountToken: false,
    });
  });

  it('hands any key a Job issues over in a Secret, never to its log, however the arguments are ordered', () => {
    const handover = (job: any) =>
      job.spec.template.spec.containers[0].env.find((variable: { name: string }) => variable.name === 'KEY_HANDOVER');
    // Flags between the words still run `keys issue` (commander reads them wherever they stand).
    const interleaved = synthJob(env, {
      name: 'keys-interleaved',
      args: ['keys', '--json', 'issue', '--user', 'ada@example.com', '--tier', 'mm', '--env', 'live'],
    });
    expect(interleaved.spec.template.spec.serviceAccountName).toBe(KEY_ISSUER_SERVICE_ACCOUNT);
    expect(handover(interleaved)?.value).toBe('kubernetes-secret');
    const status = synthJob(env, { name: 'secrets-status-2', args: ['secrets', 'status'] });
    expect(handover(status)?.value).toBe('kubernetes-secret');
  });
});

describe('the admin CLI Jobs in docs/runbooks/jobs', () => {
  const files = readdirSync(jobsDir).filter((file) => file.endsWith('.yaml'));

  it('are there for key issuance and route flips', () => {
    expect(files.sort()).toEqual(['keys-issue.job.yaml', 'routes-disable.job.yaml']);
  });

  it.each(files)('%s validates and is exactly what the construct writes for its name, image and arguments', (file) => {
    const text = readFileSync(new URL(file, jobsDir), 'utf8');
    const [job, ...others] = parseManifests(text) as any[];
    expect(others).toEqual([]);
    expect(manifestErrors(job)).toEqual([]);
    const [container] = job.spec.template.spec.containers;
    const props: AdminCliJobProps = {
      name: job.metadata.name,
      args: container.command.slice(2),
      image: container.image,
      kubernetesApi: job.spec.template.spec.automountServiceAccountToken,
    };
    expect(container.command.slice(0, 2)).toEqual(['node', 'build/apps/admin-cli/src/main.js']);
    expect(parseManifests(adminCliJobYaml({ ...production, namespace: job.metadata.namespace }, props))).toEqual([job]);
  });
});
