import { describe, expect, it } from '@jest/globals';
import { DEPLOYABLES, type DeployableSpec } from './deployables.js';
import { ENVIRONMENTS, local, production, staging, type Environment, type Peer } from './environment.js';
import { canonical, DEPLOYABLE_SCHEMAS, matches, named, ofKind, synthChart as synth } from './chart.fixture.js';
import { BACKEND_TIMEOUT_S } from './gke-backend-policies.js';
import { KEY_ISSUER_ROLE } from './key-issuer.js';
import { ROUTE_SWITCHES_NAME, SECRET_NAME } from './labels.js';
import { signerVariables } from './signer-pool.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */

/*
 * What each NetworkPolicy may reach, written out here rather than derived from the constructs: the chain RPC only
 * for the apps that call the chain, the API server only for the HTTP apps (route-switches watch) and the admin CLI
 * Jobs (`routes`), public 443 and 80 only for the dispatcher (webhooks).
 */
const EXPECTED_EGRESS: Record<string, readonly Destination[]> = {
  'trading-api': ['dns', 'mysql', 'rabbitmq', 'redis', 'chainRpc', 'apiServer'],
  'public-read': ['dns', 'mysql', 'rabbitmq', 'redis', 'chainRpc', 'apiServer'],
  'chain-executor': ['dns', 'mysql', 'rabbitmq', 'chainRpc'],
  'webhook-dispatcher': ['dns', 'mysql', 'rabbitmq', 'redis', 'webhooks'],
  'foretell-migrations': ['dns', 'mysql'],
  'admin-cli': ['dns', 'mysql', 'apiServer'],
};
type Destination = 'dns' | 'mysql' | 'rabbitmq' | 'redis' | 'chainRpc' | 'apiServer' | 'webhooks';

const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];
const peerJson = (peer: Peer) =>
  'cidr' in peer
    ? { ipBlock: { cidr: peer.cidr, ...(peer.except ? { except: [...peer.except] } : {}) } }
    : {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': peer.namespace } },
        podSelector: { matchLabels: peer.podLabels },
      };
const tcpTo = (to: unknown[], port: number) => ({ to, ports: [{ protocol: 'TCP', port }] });

function expectedRules(env: Environment): Record<Destination, unknown> {
  const { network } = env;
  return {
    dns: {
      to: [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
          podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        },
      ],
      ports: [
        { protocol: 'UDP', port: 53 },
        { protocol: 'TCP', port: 53 },
      ],
    },
    mysql: tcpTo(network.mysql.to.map(peerJson), network.mysql.port),
    rabbitmq: tcpTo(network.rabbitmq.to.map(peerJson), network.rabbitmq.port),
    redis: tcpTo(network.redis.to.map(peerJson), network.redis.port),
    chainRpc: tcpTo(network.chainRpc.to.map(peerJson), network.chainRpc.port),
    apiServer: tcpTo(
      network.apiServer.endpoints.map((cidr) => ({ ipBlock: { cidr } })),
      network.apiServer.port,
    ),
    webhooks: {
      to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE } }],
      ports: [
        { protocol: 'TCP', port: 443 },
        { protocol: 'TCP', port: 80 },
      ],
    },
  };
}

function expectedGatewayPeers(env: Environment): unknown[] {
  const sources = env.network.gatewaySources;
  if (sources.kind === 'pods') return [peerJson(sources.pods)];
  return [sources.proxySubnet, ...sources.healthCheckRanges].map((cidr) => ({ ipBlock: { cidr } }));
}

const sortedJson = (rules: unknown[]) => rules.map(canonical).sort();

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
      const drainMs = spec.kind === 'http' ? env.shutdownDrainMs : 0;
      expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(drainMs + env.shutdownGraceMs);
      const drain = container.env.find((variable: { name: string }) => variable.name === 'SHUTDOWN_DRAIN_MS');
      expect(drain?.value).toBe(spec.kind === 'http' ? String(env.shutdownDrainMs) : undefined);
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

  it('deny all traffic by default and let only the gateway into the HTTP apps, and the scrapers into every app', () => {
    const deny = named(manifests, 'NetworkPolicy', 'foretell-default-deny');
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    const port = (spec: DeployableSpec) => [{ protocol: 'TCP', port: spec.port }];
    const scrapers = {
      from: [
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': env.network.monitoringNamespace } } },
      ],
    };
    for (const spec of DEPLOYABLES) {
      const { ingress } = named(manifests, 'NetworkPolicy', spec.name).spec;
      const fromGateway = { from: expectedGatewayPeers(env), ports: port(spec) };
      const expected: unknown[] = [{ ...scrapers, ports: port(spec) }];
      if (spec.kind === 'http') expected.unshift(fromGateway);
      expect(ingress.map(canonical)).toEqual(expected.map(canonical));
    }
  });

  it.each(Object.entries(EXPECTED_EGRESS))('let %s reach exactly its own destinations', (name, destinations) => {
    const policy = named(manifests, 'NetworkPolicy', name);
    expect(policy).toBeDefined();
    const rules = expectedRules(env);
    expect(sortedJson(policy.spec.egress)).toEqual(sortedJson(destinations.map((destination) => rules[destination])));
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
        // The management API, whose queue length counts the messages the replicas hold unacknowledged too.
        expect(trigger.metadata).toMatchObject({ protocol: 'http', mode: 'QueueLength' });
        expect(auth.spec.secretTargetRef).toEqual([
          { parameter: 'host', name: SECRET_NAME, key: 'RABBITMQ_MANAGEMENT_URL' },
        ]);
      }
    }
    const scaledNames = [...ofKind(manifests, 'HorizontalPodAutoscaler'), ...ofKind(manifests, 'ScaledObject')].map(
      (scaler) => scaler.spec.scaleTargetRef.name,
    );
    expect(scaledNames.sort()).toEqual(DEPLOYABLES.map((spec) => spec.name).sort());
    // The autoscalers own the counts: a Deployment's own `replicas` would be put back by every upgrade.
    for (const deployment of ofKind(manifests, 'Deployment')) expect(deployment.spec).not.toHaveProperty('replicas');
  });

  it('grant only the route-switches ConfigMap: read and watch to the HTTP apps, patch to the operators', () => {
    // The other Role, Secret creation for `keys issue`, is checked in key-issuer.spec.ts.
    for (const role of ofKind(manifests, 'Role').filter((candidate) => candidate.metadata.name !== KEY_ISSUER_ROLE)) {
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
      'API_KEY_PEPPER_PREVIOUS',
      ...signerVariables(env.executorSigners),
      'WEBHOOK_SECRET_KEY',
      'WEBHOOK_SECRET_KEY_PREVIOUS',
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

describe.each([staging, production].map((env) => [env.name, env] as const))(
  'the %s gateway (GKE, proxies outside the cluster)',
  (_name, env) => {
    const manifests = synth(env);

    it("admits the proxy-only subnet and Google's health checkers into the HTTP apps, and no pod selector", () => {
      const sources = env.network.gatewaySources;
      expect(env.gateway.className).toBe('gke-l7-regional-external-managed');
      expect(sources).toMatchObject({ kind: 'proxy-subnet', healthCheckRanges: ['35.191.0.0/16', '130.211.0.0/22'] });
      const proxySubnet = sources.kind === 'proxy-subnet' ? sources.proxySubnet : '';
      for (const spec of DEPLOYABLES.filter((candidate) => candidate.kind === 'http')) {
        const [fromGateway] = named(manifests, 'NetworkPolicy', spec.name).spec.ingress;
        expect(fromGateway.from).toEqual([
          { ipBlock: { cidr: proxySubnet } },
          { ipBlock: { cidr: '35.191.0.0/16' } },
          { ipBlock: { cidr: '130.211.0.0/22' } },
        ]);
      }
    });

    it("has GKE's load balancer check /ready on each HTTP app and let its streams last an hour", () => {
      for (const spec of DEPLOYABLES.filter((candidate) => candidate.kind === 'http')) {
        const targetRef = { group: '', kind: 'Service', name: spec.name };
        expect(named(manifests, 'Service', spec.name)).toBeDefined();
        expect(named(manifests, 'HealthCheckPolicy', spec.name).spec).toMatchObject({
          default: { config: { type: 'HTTP', httpHealthCheck: { requestPath: '/ready' } } },
          targetRef,
        });
        expect(named(manifests, 'GCPBackendPolicy', spec.name).spec).toEqual({
          default: { timeoutSec: BACKEND_TIMEOUT_S },
          targetRef,
        });
      }
      expect(ofKind(manifests, 'HealthCheckPolicy')).toHaveLength(2);
      expect(ofKind(synth(local), 'HealthCheckPolicy')).toEqual([]);
    });

    it("links the trading API's problem types to its public docs, not to localhost", () => {
      const [container] = named(manifests, 'Deployment', 'trading-api').spec.template.spec.containers;
      const docs = container.env.find((variable: { name: string }) => variable.name === 'DOCS_BASE_URL');
      expect(docs?.value).toBe(`https://${env.gateway.hostname}/v1/docs`);
    });

    it('trusts X-Forwarded-For from the proxy-only subnet only', () => {
      const sources = env.network.gatewaySources;
      expect(sources.kind === 'proxy-subnet' && sources.proxySubnet).toBe(env.gateway.trustProxy);
      expect(named(manifests, 'ConfigMap', 'foretell-config').data.TRUST_PROXY).toBe(env.gateway.trustProxy);
    });

    it("reaches the API server at its endpoint IPs on 443, not at the kubernetes Service's ClusterIP", () => {
      const [rule] = named(manifests, 'NetworkPolicy', 'trading-api').spec.egress.filter((candidate: any) =>
        candidate.to.some((peer: any) => peer.ipBlock?.cidr === env.network.apiServer.endpoints[0]),
      );
      expect(rule.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(env.network.apiServer.endpoints).not.toContain('10.0.0.1/32');
    });
  },
);

describe('the secrets of a rotation (API_KEY_PEPPER_PREVIOUS, WEBHOOK_SECRET_KEY_PREVIOUS)', () => {
  it('reach exactly the deployables whose configuration reads them, as optional references', () => {
    const rotation = ['API_KEY_PEPPER_PREVIOUS', 'WEBHOOK_SECRET_KEY_PREVIOUS'];
    const value = 'a-previous-secret-of-more-than-32-characters';
    const manifests = synth(production);
    for (const spec of DEPLOYABLES) {
      const settings = DEPLOYABLE_SCHEMAS[spec.name].parse(Object.fromEntries(rotation.map((name) => [name, value])));
      const read = rotation.filter((name) => name in settings);
      const env = named(manifests, 'Deployment', spec.name).spec.template.spec.containers[0].env;
      const given = env.filter((variable: any) => rotation.includes(variable.name));
      expect([spec.name, given.map((variable: any) => variable.name)]).toEqual([spec.name, read]);
      for (const variable of given) {
        expect(variable.valueFrom.secretKeyRef).toEqual({ name: SECRET_NAME, key: variable.name, optional: true });
      }
    }
  });
});

describe('the chain RPC egress', () => {
  it('goes to exactly the deployables whose configuration reads CHAIN_RPC_URL', () => {
    for (const spec of DEPLOYABLES) {
      const settings = DEPLOYABLE_SCHEMAS[spec.name].parse({});
      expect([spec.name, spec.backends.includes('chain')]).toEqual([spec.name, 'CHAIN_RPC_URL' in settings]);
    }
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
