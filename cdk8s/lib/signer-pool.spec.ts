import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { chartTemplate, chartValues, expandEnv as expand, named, synthChart as synth } from './chart.fixture.js';
import { DEPLOYABLES } from './deployables.js';
import { ENVIRONMENTS, production, type Environment } from './environment.js';
import { renderTemplate } from './helm-render.js';
import { SECRET_NAME } from './labels.js';
import { SIGNER_POOL_VARIABLE, signerVariables, templateSignerPool } from './signer-pool.js';
import { parseManifests, type Manifest } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
const EXECUTOR = 'chain-executor';
const executorEnv = (manifests: Manifest[]): any[] =>
  named(manifests, 'Deployment', EXECUTOR).spec.template.spec.containers[0].env;

const testKey = (index: number) => `0x${(index + 1).toString(16).padStart(64, '0')}`;

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('the %s chain executor', (_name, env) => {
  const manifests = synth(env);
  const signers = signerVariables(env.executorSigners);

  it('autoscales within its signer pool: min replicas ≤ max replicas ≤ signer keys', () => {
    const scaled = named(manifests, 'ScaledObject', EXECUTOR);
    expect(named(manifests, 'HorizontalPodAutoscaler', EXECUTOR)).toBeUndefined();
    expect(scaled.spec.minReplicaCount).toBeLessThanOrEqual(scaled.spec.maxReplicaCount);
    expect(scaled.spec.maxReplicaCount).toBeLessThanOrEqual(env.executorSigners);
  });

  it('reads each signer key from its own entry of the Secret', () => {
    const entries = executorEnv(manifests).filter((variable) => variable.name.startsWith('EXECUTOR_SIGNER_'));
    expect(entries.map((variable) => variable.name)).toEqual(signers);
    expect(entries.map((variable) => variable.valueFrom.secretKeyRef)).toEqual(
      signers.map((key) => ({ name: SECRET_NAME, key })),
    );
  });

  it('defines every signer before EXECUTOR_PRIVATE_KEYS, which references exactly those', () => {
    const names = executorEnv(manifests).map((variable) => variable.name);
    const pool = executorEnv(manifests).find((variable) => variable.name === SIGNER_POOL_VARIABLE);
    for (const signer of signers) expect(names.indexOf(signer)).toBeLessThan(names.indexOf(SIGNER_POOL_VARIABLE));
    expect(pool.valueFrom).toBeUndefined();
    expect(pool.value.split(',')).toEqual(signers.map((signer) => `$(${signer})`));
  });

  it('hands the executor a pool its configuration parses into one key per entry', async () => {
    const { chainExecutorConfigSchema } = await import('#shared/config/app-configs.js');
    const secrets = Object.fromEntries(signers.map((signer, index) => [signer, testKey(index)]));
    const pool = expand(executorEnv(manifests), secrets)[SIGNER_POOL_VARIABLE];
    const config = chainExecutorConfigSchema.parse({ [SIGNER_POOL_VARIABLE]: pool });
    expect(config.EXECUTOR_PRIVATE_KEYS).toEqual(signers.map((_signer, index) => testKey(index)));
  });

  it('leaves no single EXECUTOR_PRIVATE_KEY anywhere, and no signer key outside the executor', () => {
    expect(JSON.stringify(manifests)).not.toMatch(/EXECUTOR_PRIVATE_KEY(?!S)/);
    for (const spec of DEPLOYABLES.filter((candidate) => candidate.name !== EXECUTOR)) {
      expect(JSON.stringify(named(manifests, 'Deployment', spec.name))).not.toMatch(/EXECUTOR_/);
    }
  });

  it('rolls out without a surge pod, which would find every key leased at the pool size', () => {
    expect(named(manifests, 'Deployment', EXECUTOR).spec.strategy.rollingUpdate).toEqual({
      maxSurge: 0,
      maxUnavailable: 1,
    });
  });
});

describe('an environment whose executor outgrows its signer pool', () => {
  const executor = production.workloads[EXECUTOR];
  const withExecutor = (replicas: number, maxReplicas: number, executorSigners: number): Environment => ({
    ...production,
    executorSigners,
    workloads: { ...production.workloads, [EXECUTOR]: { ...executor, replicas, maxReplicas } },
  });

  it('is refused at synth', () => {
    expect(() => synth(withExecutor(3, 13, 12))).toThrow(/maxReplicas 13 exceeds its 12 signer keys/);
    expect(() => synth(withExecutor(5, 4, 12))).toThrow(/replicas 5 exceed its maxReplicas 4/);
    expect(() => synth(withExecutor(0, 0, 0))).toThrow(/at least 1/);
    expect(synth(withExecutor(1, 1, 1)).length).toBeGreaterThan(0);
  });
});

describe('the signer pool of the Helm chart', () => {
  const template = chartTemplate();
  const values = chartValues;

  it.each(['values.yaml', 'values-staging.yaml'])('in %s covers the executor maxReplicas', (file) => {
    const { executorSigners, workloads } = values(file);
    expect(workloads.chainExecutor.maxReplicas).toBeLessThanOrEqual(executorSigners);
  });

  it('is sized by the executorSigners value', () => {
    const bigger = { ...values('values.yaml'), executorSigners: 13 };
    const env = executorEnv(parseManifests(renderTemplate(template, bigger, 'foretell')));
    expect(env.filter((variable) => variable.name.startsWith('EXECUTOR_SIGNER_'))).toHaveLength(13);
    expect(env.find((variable) => variable.name === SIGNER_POOL_VARIABLE).value).toBe(
      signerVariables(13)
        .map((name) => `$(${name})`)
        .join(','),
    );
  });

  it('fails to render when the values let the executor scale past its signers', () => {
    const outgrown = values('values.yaml');
    outgrown.workloads.chainExecutor.maxReplicas = outgrown.executorSigners + 1;
    expect(() => renderTemplate(template, outgrown, 'foretell')).toThrow(/maxReplicas exceeds executorSigners/);
  });

  it('is templated only from exactly the entries the constructs write', () => {
    expect(() => templateSignerPool('env: []', 2)).toThrow(/no EXECUTOR_SIGNER_0/);
    const two = ['env:', ...signerEntries(2)].join('\n');
    expect(() => templateSignerPool(two, 3)).toThrow(/not the 3 entries/);
    const rendered = renderTemplate(templateSignerPool(two, 2), { executorSigners: 2, workloads: chainMax(2) }, 'ns');
    expect(parse(rendered)).toEqual(parse(two));
  });
});

const chainMax = (maxReplicas: number) => ({ chainExecutor: { maxReplicas } });

/** The env entries of a pool of `count`, as YAML lines the way the synthesizer writes them. */
function signerEntries(count: number): string[] {
  const names = signerVariables(count);
  return [
    ...names.flatMap((name) => [
      `  - name: ${name}`,
      '    valueFrom:',
      '      secretKeyRef:',
      `        key: ${name}`,
      `        name: ${SECRET_NAME}`,
    ]),
    `  - name: ${SIGNER_POOL_VARIABLE}`,
    `    value: ${names.map((name) => `$(${name})`).join(',')}`,
  ];
}
