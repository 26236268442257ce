import { describe, expect, it } from '@jest/globals';
import { Testing } from 'cdk8s';
import { DEPLOYABLES } from './deployables.js';
import { ENVIRONMENTS, type Environment } from './environment.js';
import { ForetellChart } from './foretell-chart.js';
import { ROUTE_SWITCHES_NAME, SECRET_NAME } from './labels.js';
import type { Manifest } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
function synth(env: Environment): Manifest[] {
  return Testing.synth(new ForetellChart(Testing.app(), 'test', env)) as Manifest[];
}
const named = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name) as any;
const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((manifest) => manifest.kind === kind) as any[];
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('the %s manifests', (_name, env) => {
  const manifests = synth(env);

  it('give every deployable probes, requests and limits, and a hardened non-root container', () => {
    for (const spec of DEPLOYABLES) {
      const pod = named(manifests, 'Deployment', spec.name).spec.template.spec;
      const [container] = pod.containers;
      expect(container.livenessProbe.httpGet.path).toBe('/health');
      expect(container.readinessProbe.httpGet.path).toBe('/ready');
      expect(container.startupProbe.httpGet.path).toBe('/health');
      expect(Object.keys(container.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(container.resources.limits).sort()).toEqual(['cpu', 'memory']);
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.topologySpreadConstraints.length).toBeGreaterThan(0);
      expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(env.shutdownGraceMs);
    }
  });

  it('give every deployable its own ServiceAccount, a PDB, a NetworkPolicy and a Service that select its pods', () => {
    for (const spec of DEPLOYABLES) {
      const deployment = named(manifests, 'Deployment', spec.name);
      const podLabels = deployment.spec.template.metadata.labels;
      expect(matches(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
      expect(named(manifests, 'ServiceAccount', deployment.spec.template.spec.serviceAccountName)).toBeDefined();
      expect(matches(named(manifests, 'PodDisruptionBudget', spec.name).spec.selector.matchLabels, podLabels)).toBe(
        true,
      );
      expect(matches(named(manifests, 'NetworkPolicy', spec.name).spec.podSelector.matchLabels, podLabels)).toBe(true);
      expect(matches(named(manifests, 'Service', spec.name).spec.selector, podLabels)).toBe(true);
    }
  });

  it('deny all traffic by default and let only the gateway into the HTTP apps', () => {
    const deny = named(manifests, 'NetworkPolicy', 'foretell-default-deny');
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    for (const spec of DEPLOYABLES) {
      const policy = named(manifests, 'NetworkPolicy', spec.name);
      const fromGateway = policy.spec.ingress.some((rule: any) =>
        rule.from.some(
          (peer: any) => peer.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === env.gateway.namespace,
        ),
      );
      expect(fromGateway).toBe(spec.kind === 'http');
      const egressTo443 = policy.spec.egress.some((rule: any) =>
        rule.to.some((peer: any) => peer.ipBlock?.cidr === '0.0.0.0/0'),
      );
      expect(egressTo443).toBe(
        spec.internetEgress || (spec.backends.includes('chain') && 'cidr' in env.backends.chain.peer),
      );
    }
  });

  it('scale the HTTP apps with an HPA v2 on CPU and the workers with KEDA, both aimed at existing Deployments', () => {
    for (const hpa of ofKind(manifests, 'HorizontalPodAutoscaler')) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
      expect(named(manifests, 'Deployment', hpa.spec.scaleTargetRef.name)).toBeDefined();
    }
    for (const scaled of ofKind(manifests, 'ScaledObject')) {
      expect(named(manifests, 'Deployment', scaled.spec.scaleTargetRef.name)).toBeDefined();
      for (const trigger of scaled.spec.triggers) {
        expect(trigger.type).toBe('rabbitmq');
        const auth = named(manifests, 'TriggerAuthentication', trigger.authenticationRef.name);
        expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'host', name: SECRET_NAME, key: 'AMQP_URL' }]);
      }
    }
    const scaledNames = [...ofKind(manifests, 'HorizontalPodAutoscaler'), ...ofKind(manifests, 'ScaledObject')].map(
      (scaler) => scaler.spec.scaleTargetRef.name,
    );
    expect(scaledNames.sort()).toEqual(DEPLOYABLES.map((spec) => spec.name).sort());
  });

  it('grant only the route-switches ConfigMap: read and watch to the HTTP apps, patch to the operators', () => {
    for (const role of ofKind(manifests, 'Role')) {
      for (const rule of role.rules) {
        expect(rule).toMatchObject({
          apiGroups: [''],
          resources: ['configmaps'],
          resourceNames: [ROUTE_SWITCHES_NAME],
        });
        expect(rule.verbs.every((verb: string) => ['get', 'list', 'watch', 'patch'].includes(verb))).toBe(true);
      }
    }
    expect(named(manifests, 'Role', 'route-switches-reader').rules[0].verbs).toEqual(['get', 'list', 'watch']);
    const readers = named(manifests, 'RoleBinding', 'route-switches-reader').subjects.map(
      (subject: any) => subject.name,
    );
    expect(readers.sort()).toEqual(['public-read', 'trading-api']);
    expect(ofKind(manifests, 'ClusterRole')).toEqual([]);
    expect(named(manifests, 'ConfigMap', ROUTE_SWITCHES_NAME).data).toEqual({ ROUTE_DISABLED: env.routeDisabled });
  });

  it('reference secrets by key and never inline one', () => {
    expect(ofKind(manifests, 'Secret')).toEqual([]);
    const text = JSON.stringify(manifests);
    expect(text).not.toMatch(/0x[0-9a-fA-F]{64}|:\/\/[^/"]*:[^@"]*@|whsec_|svc_(live|test)_/);
    const secretNames = [
      'DATABASE_URL',
      'AMQP_URL',
      'REDIS_URL',
      'API_KEY_PEPPER',
      'EXECUTOR_PRIVATE_KEY',
      'WEBHOOK_SECRET_KEY',
    ];
    const containers = [...ofKind(manifests, 'Deployment'), ...ofKind(manifests, 'Job')].flatMap(
      (workload) => workload.spec.template.spec.containers,
    );
    for (const variable of containers.flatMap((container: any) => container.env ?? [])) {
      if (secretNames.includes(variable.name)) expect(variable.valueFrom.secretKeyRef.name).toBe(SECRET_NAME);
    }
    for (const configMap of ofKind(manifests, 'ConfigMap')) {
      expect(Object.keys(configMap.data).filter((key) => secretNames.includes(key))).toEqual([]);
    }
  });

  it('route /v1 to trading-api and /api and /embed to public-read through the Gateway', () => {
    const route = ofKind(manifests, 'HTTPRoute')[0];
    const rules = route.spec.rules.map((rule: any) => [rule.matches[0].path.value, rule.backendRefs[0].name]);
    expect(rules).toEqual([
      ['/v1', 'trading-api'],
      ['/api', 'public-read'],
      ['/embed', 'public-read'],
    ]);
    expect(named(manifests, 'Gateway', route.spec.parentRefs[0].name)).toBeDefined();
    for (const [, service] of rules) expect(named(manifests, 'Service', service)).toBeDefined();
  });

  it('run the migrations as a Helm pre-install/pre-upgrade hook with its ServiceAccount hooked earlier', () => {
    const job = ofKind(manifests, 'Job')[0];
    expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(job.spec.template.spec.containers[0].command.slice(-3)).toEqual(['migrations', 'latest', '--json']);
    const account = named(manifests, 'ServiceAccount', job.spec.template.spec.serviceAccountName);
    expect(Number(account.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations['helm.sh/hook-weight']),
    );
  });
});

describe('KEDA queue triggers', () => {
  it('name the queues the apps declare, prefixed the way the apps prefix them', async () => {
    const { QUEUES, physicalName } = await import('#shared/messaging/topology.js');
    const declared: readonly string[] = Object.values(QUEUES);
    for (const spec of DEPLOYABLES) for (const queue of spec.queues) expect(declared).toContain(queue);
    for (const amqpPrefix of ['', 'staging']) {
      const base = ENVIRONMENTS[0];
      if (!base) throw new Error('no environment');
      const triggers = ofKind(synth({ ...base, amqpPrefix }), 'ScaledObject').flatMap(
        (scaled) => scaled.spec.triggers as Array<{ metadata: { queueName: string } }>,
      );
      const expected = DEPLOYABLES.flatMap((spec) => spec.queues).map((queue) => physicalName(amqpPrefix, queue));
      expect(triggers.map((trigger) => trigger.metadata.queueName).sort()).toEqual(expected.sort());
    }
  });
});
