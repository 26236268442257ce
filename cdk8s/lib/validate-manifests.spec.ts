import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Testing } from 'cdk8s';
import { parse } from 'yaml';
import { ENVIRONMENTS, production } from './environment.js';
import { ForetellChart } from './foretell-chart.js';
import { renderTemplate } from './helm-render.js';
import { manifestErrors, parseManifests, type Manifest } from './validate-manifests.js';

const chartDir = new URL('../../charts/foretell/', import.meta.url);
const synth = (id: string) =>
  Testing.synth(
    new ForetellChart(
      Testing.app(),
      id,
      ENVIRONMENTS.find((env) => env.name === id)!,
    ),
  ) as Manifest[];
const clone = <T>(value: T): T => structuredClone(value);

/** The committed chart rendered with one of its values files, the way Helm renders its expressions. */
function renderChart(valuesFile: string, namespace: string): Manifest[] {
  const values = parse(readFileSync(new URL(valuesFile, chartDir), 'utf8')) as unknown;
  const template = readFileSync(new URL('templates/foretell.k8s.yaml', chartDir), 'utf8');
  return parseManifests(renderTemplate(template, values, namespace));
}

/** JSON with sorted keys: the same object whatever order its fields were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

describe('manifest validation', () => {
  it.each(ENVIRONMENTS.map((env) => env.name))(
    'accepts every %s manifest against the Kubernetes and CRD schemas',
    (id) => {
      const manifests = synth(id);
      expect(manifests.length).toBeGreaterThan(30);
      expect(manifests.flatMap(manifestErrors)).toEqual([]);
    },
  );

  it.each(['values.yaml', 'values-staging.yaml'])('accepts the committed Helm chart rendered with %s', (valuesFile) => {
    const manifests = renderChart(valuesFile, 'foretell');
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual(
      synth('production')
        .map((manifest) => manifest.kind)
        .sort(),
    );
    expect(manifests.flatMap(manifestErrors)).toEqual([]);
    const deployment = manifests.find((manifest) => manifest.kind === 'Deployment') as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    expect(typeof deployment.spec.replicas).toBe('number');
  });

  it.each([
    ['values.yaml', 'production'],
    ['values-staging.yaml', 'staging'],
  ] as const)('renders with %s exactly the %s manifests: every difference between them is a value', (file, id) => {
    const env = ENVIRONMENTS.find((candidate) => candidate.name === id);
    if (!env) throw new Error(id);
    const rendered = renderChart(file, env.namespace);
    expect(rendered.map(canonical).sort()).toEqual(synth(id).map(canonical).sort());
  });

  it('renders no production host name, certificate or address range from the staging values', () => {
    const text = JSON.stringify(renderChart('values-staging.yaml', 'foretell-staging'));
    expect(text).toContain('staging.api.foretell.example');
    expect(text).not.toContain('"api.foretell.example"');
    expect(text).not.toContain('"foretell-tls"');
    expect(text).not.toContain(production.gateway.trustProxy);
  });

  it('refuses a chart expression it cannot render instead of leaving it in the output', () => {
    expect(() => renderTemplate('a: "{{ toYaml .Values.x }}"', { x: [] }, 'ns')).toThrow(/unsupported/);
    expect(() => renderTemplate('a:\n  {{- toYaml .Values.x | nindent 2 }}', { x: 'text' }, 'ns')).toThrow(/no list/);
  });

  it('refuses an unknown field in a built-in kind', () => {
    const deployment = clone(synth('local').find((manifest) => manifest.kind === 'Deployment')!) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    deployment.spec.template.spec.containers[0].imagePullPolicyy = 'Always';
    expect(manifestErrors(deployment)).toEqual([
      expect.stringContaining('.spec.template.spec.containers[0].imagePullPolicyy: unknown field'),
    ]);
  });

  it('refuses a wrong type and a missing required field in a built-in kind', () => {
    const service = clone(synth('local').find((manifest) => manifest.kind === 'Service')!) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    service.spec.ports[0].port = 'eighty';
    expect(manifestErrors(service).join('\n')).toMatch(/port/);
    const policy = clone(synth('local').find((manifest) => manifest.kind === 'NetworkPolicy')!) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    delete policy.spec.podSelector;
    expect(manifestErrors(policy).join('\n')).toMatch(/podSelector/);
  });

  it('refuses an unknown field or a bad value in a custom resource, checked against the committed CRD', () => {
    const scaled = clone(synth('local').find((manifest) => manifest.kind === 'ScaledObject')!) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    scaled.spec.pollingIntervall = 5;
    expect(manifestErrors(scaled).join('\n')).toMatch(/pollingIntervall/);
    const route = clone(synth('local').find((manifest) => manifest.kind === 'HTTPRoute')!) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
    route.spec.rules[0].matches[0].path.type = 'Prefix';
    expect(manifestErrors(route).join('\n')).toMatch(/must be equal to one of the allowed values/);
  });

  it('refuses a kind it has no schema for', () => {
    const unknown = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };
    expect(manifestErrors(unknown)).toEqual(['Widget/w: unknown kind example.com/v1 Widget']);
  });
});
