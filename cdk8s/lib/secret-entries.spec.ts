import { describe, expect, it } from '@jest/globals';
import { Testing } from 'cdk8s';
import type { z } from 'zod';
import { adminCliConfigSchema, chainExecutorConfigSchema } from '#shared/config/app-configs.js';
import { AdminCliJob } from './admin-cli-job.js';
import { DEPLOYABLE_SCHEMAS, expandEnv, synthChart, type ManifestEnvVar } from './chart.fixture.js';
import { DEPLOYABLES } from './deployables.js';
import { ENVIRONMENTS, type Environment } from './environment.js';
import { CONFIG_MAP_NAME, SECRET_NAME } from './labels.js';
import { sharedSettings } from './shared-config.js';
import { MIGRATIONS_NAME } from './migrations-job.js';
import type { Manifest } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */

/** The variables a config schema reads: the keys of its object (through a transform's pipe). */
function keysOf(schema: z.ZodType): string[] {
  const node: any = schema;
  if (node.shape) return Object.keys(node.shape);
  if (node.def?.type === 'pipe') return keysOf(node.def.in);
  throw new Error('not an object schema');
}

/** Every workload of an environment with its container's variables and the config schema its program parses. */
interface Workload {
  name: string;
  schema: z.ZodType;
  env: ManifestEnvVar[];
  /** Whether its container reads the shared ConfigMap (envFrom). */
  sharedConfig: boolean;
}

function workloads(env: Environment): Workload[] {
  const manifests = synthChart(env);
  const container = (manifest: any) => manifest.spec.template.spec.containers[0];
  const containerEnv = (manifest: any): ManifestEnvVar[] => container(manifest).env ?? [];
  const readsSharedConfig = (manifest: any): boolean =>
    (container(manifest).envFrom ?? []).some((source: any) => source.configMapRef?.name === CONFIG_MAP_NAME);
  const chart = Testing.chart();
  const adminJobs = [
    ['keys', 'issue', '--user', 'ada@example.com', '--tier', 'mm', '--env', 'live'],
    ['routes', 'disable', '*'],
    ['secrets', 'status'],
  ].map((args, index) => new AdminCliJob(chart, env, { name: `admin-${index}`, args, kubernetesApi: true }));
  const adminManifests = Testing.synth(chart) as Manifest[];
  return [
    ...DEPLOYABLES.map((spec) => {
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === spec.name);
      return {
        name: spec.name,
        schema: DEPLOYABLE_SCHEMAS[spec.name],
        env: containerEnv(deployment),
        sharedConfig: readsSharedConfig(deployment),
      };
    }),
    (() => {
      const job = manifests.find((m) => m.kind === 'Job' && m.metadata.name === MIGRATIONS_NAME);
      return {
        name: MIGRATIONS_NAME,
        schema: adminCliConfigSchema,
        env: containerEnv(job),
        sharedConfig: readsSharedConfig(job),
      };
    })(),
    ...adminJobs.map((job, index) => ({
      name: job.job.name,
      schema: adminCliConfigSchema,
      env: containerEnv(adminManifests[index]),
      sharedConfig: readsSharedConfig(adminManifests[index]),
    })),
  ];
}

/** A value of the form a Secret entry holds, distinct per entry (`index`): what an operator would store. */
function secretOfForm(key: string, index: number): string {
  if (/PRIVATE_KEY|SIGNER/.test(key)) return `0x${(index + 1).toString(16).padStart(64, '0')}`;
  if (key.endsWith('DATABASE_URL')) return 'mysql://foretell_app:stored-password@mysql:3306/foretell';
  if (key === 'AMQP_URL') return 'amqps://foretell:stored-password@rabbitmq:5671';
  if (key === 'REDIS_URL') return 'rediss://:stored-password@redis:6380';
  if (key.endsWith('URL')) return 'https://rpc.provider.example/v2/stored-key';
  return `${key.toLowerCase()}-stored-value-0123456789abcdef`;
}

/**
 * The variables from `foretell-secrets` that nothing reads: neither the config schema, nor (through Kubernetes'
 * `$(NAME)` expansion) a variable the schema reads, as the executor's signer entries feed EXECUTOR_PRIVATE_KEYS.
 */
function unreadSecretVariables(variables: readonly ManifestEnvVar[], schema: z.ZodType): string[] {
  const read = new Set(keysOf(schema));
  for (const variable of variables) {
    if (!read.has(variable.name)) continue;
    for (const [, name] of (variable.value ?? '').matchAll(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g)) read.add(name ?? '');
  }
  return variables
    .filter((variable) => variable.valueFrom?.secretKeyRef && !read.has(variable.name))
    .map((v) => v.name);
}

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('secret entries in %s', (_name, env) => {
  const all = workloads(env);

  it.each(all.map((workload) => [workload.name, workload] as const))(
    '%s gets only the entries its configuration reads',
    (_workload, workload) => {
      expect(workload.env.some((variable) => variable.valueFrom?.secretKeyRef)).toBe(true);
      expect(unreadSecretVariables(workload.env, workload.schema)).toEqual([]);
      for (const variable of workload.env.filter((candidate) => candidate.valueFrom?.secretKeyRef)) {
        expect(variable.valueFrom?.secretKeyRef?.name).toBe(SECRET_NAME);
      }
    },
  );

  it('the migrations Job gets only the DDL-capable database URL, and the CLI starts with that alone', () => {
    const migrations = all.find((workload) => workload.name === MIGRATIONS_NAME);
    expect(migrations?.env).toEqual([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: SECRET_NAME, key: 'MIGRATIONS_DATABASE_URL' } } },
    ]);
    const settings = { DATABASE_URL: 'mysql://foretell_migrator:pw@mysql:3306/foretell' };
    expect(adminCliConfigSchema.safeParse(settings).success).toBe(true);
  });

  it.each(all.map((workload) => [workload.name, workload] as const))(
    '%s starts with what its manifests give it, its secrets set to values of their own (no development default)',
    (_workload, workload) => {
      const secrets = Object.fromEntries(
        workload.env.flatMap((variable, index) => {
          const entry = variable.valueFrom?.secretKeyRef;
          return entry && !entry.optional ? [[entry.key, secretOfForm(entry.key, index)]] : [];
        }),
      );
      // The shared ConfigMap first (envFrom); the container's own variables take precedence, as in Kubernetes.
      const shared = workload.sharedConfig ? sharedSettings(env) : {};
      const parsed = workload.schema.safeParse({ ...shared, ...expandEnv(workload.env, secrets) });
      expect(
        parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      ).toEqual([]);
    },
  );

  it('every deployable and admin Job reads the application user’s DATABASE_URL, never the migrations user’s', () => {
    for (const workload of all.filter((candidate) => candidate.name !== MIGRATIONS_NAME)) {
      const database = workload.env.find((variable) => variable.name === 'DATABASE_URL');
      expect([workload.name, database?.valueFrom?.secretKeyRef?.key]).toEqual([workload.name, 'DATABASE_URL']);
      expect(JSON.stringify(workload.env)).not.toContain('MIGRATIONS_DATABASE_URL');
    }
  });
});

describe('the unread-entry check', () => {
  it('flags an entry no schema key reads, and accepts one a read variable expands', () => {
    const secret = (name: string): ManifestEnvVar => ({
      name,
      valueFrom: { secretKeyRef: { name: SECRET_NAME, key: name } },
    });
    const variables = [
      secret('DATABASE_URL'),
      secret('EXECUTOR_SIGNER_0'),
      { name: 'EXECUTOR_PRIVATE_KEYS', value: '$(EXECUTOR_SIGNER_0)' },
      secret('PLATFORM_ADMIN_PRIVATE_KEY'),
    ];
    expect(unreadSecretVariables(variables, chainExecutorConfigSchema)).toEqual(['PLATFORM_ADMIN_PRIVATE_KEY']);
  });
});
