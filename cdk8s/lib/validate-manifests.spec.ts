import { describe, expect, it } from '@jest/globals';
import { canonical, cloneOfKind, renderChart, synthChart } from './chart.fixture.js';
import { ENVIRONMENTS, local, production } from './environment.js';
import { renderTemplate } from './helm-render.js';
import { manifestErrors } from './validate-manifests.js';

const synth = (id: string) =>
  synthChart(
    ENVIRONMENTS.find((env) => env.name === id)!,
    id,
  );

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
    expect(typeof cloneOfKind(manifests, 'HorizontalPodAutoscaler').spec.minReplicas).toBe('number');
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
    const deployment = cloneOfKind(synthChart(local), 'Deployment');
    deployment.spec.template.spec.containers[0].imagePullPolicyy = 'Always';
    expect(manifestErrors(deployment)).toEqual([
      expect.stringContaining('.spec.template.spec.containers[0].imagePullPolicyy: unknown field'),
    ]);
  });

  it('refuses a wrong type and a missing required field in a built-in kind', () => {
    const service = cloneOfKind(synthChart(local), 'Service');
    service.spec.ports[0].port = 'eighty';
    expect(manifestErrors(service).join('\n')).toMatch(/port/);
    const policy = cloneOfKind(synthChart(local), 'NetworkPolicy');
    delete policy.spec.podSelector;
    expect(manifestErrors(policy).join('\n')).toMatch(/podSelector/);
  });

  it('refuses an unknown field or a bad value in a custom resource, checked against the committed CRD', () => {
    const scaled = cloneOfKind(synthChart(local), 'ScaledObject');
    scaled.spec.pollingIntervall = 5;
    expect(manifestErrors(scaled).join('\n')).toMatch(/pollingIntervall/);
    const route = cloneOfKind(synthChart(local), 'HTTPRoute');
    route.spec.rules[0].matches[0].path.type = 'Prefix';
    expect(manifestErrors(route).join('\n')).toMatch(/must be equal to one of the allowed values/);
  });

  it('refuses a kind it has no schema for', () => {
    const unknown = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };
    expect(manifestErrors(unknown)).toEqual(['Widget/w: unknown kind example.com/v1 Widget']);
  });
});
