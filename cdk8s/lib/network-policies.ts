import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import type { DeployableSpec } from './deployables.js';
import type { BackendEndpoint, Environment, Peer } from './environment.js';
import { partOfLabels, selectorLabels } from './labels.js';

/** Private ranges a webhook must never reach through the dispatcher's internet egress (SSRF defence in depth). */
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];

const tcp = (port: number): k8s.NetworkPolicyPort => ({ protocol: 'TCP', port: k8s.IntOrString.fromNumber(port) });

export function peerOf(peer: Peer): k8s.NetworkPolicyPeer {
  if ('cidr' in peer) {
    return peer.cidr === '0.0.0.0/0' ? { ipBlock: { cidr: peer.cidr, except: PRIVATE_RANGES } } : { ipBlock: peer };
  }
  return {
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': peer.namespace } },
    podSelector: { matchLabels: peer.podLabels },
  };
}

const egressTo = (endpoint: BackendEndpoint): k8s.NetworkPolicyEgressRule => ({
  to: [peerOf(endpoint.peer)],
  ports: [tcp(endpoint.port)],
});

/** DNS through kube-dns / CoreDNS, which every pod needs. */
export const dnsEgress: k8s.NetworkPolicyEgressRule = {
  to: [
    {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
      podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
    },
  ],
  ports: [
    { protocol: 'UDP', port: k8s.IntOrString.fromNumber(53) },
    { protocol: 'TCP', port: k8s.IntOrString.fromNumber(53) },
  ],
};

/** Nothing in or out of a Foretell pod unless a policy below allows it. */
export class DefaultDeny extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'default-deny');
    new k8s.KubeNetworkPolicy(this, 'policy', {
      metadata: { name: 'foretell-default-deny', namespace: env.namespace },
      spec: { podSelector: { matchLabels: partOfLabels }, policyTypes: ['Ingress', 'Egress'] },
    });
  }
}

/**
 * One deployable's allowances: the gateway into the HTTP apps, the monitoring namespace to /metrics, and out to
 * DNS, its backing services, the API server (HTTP apps: the route-switches watch) and 443 (the dispatcher).
 */
export class WorkloadNetworkPolicy extends Construct {
  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, `${spec.name}-network`);
    const ingress: k8s.NetworkPolicyIngressRule[] = [
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': env.monitoringNamespace } } }],
        ports: [tcp(spec.port)],
      },
    ];
    if (spec.kind === 'http') {
      ingress.unshift({
        from: [peerOf({ namespace: env.gateway.namespace, podLabels: env.gateway.podLabels })],
        ports: [tcp(spec.port)],
      });
    }
    const egress: k8s.NetworkPolicyEgressRule[] = [
      dnsEgress,
      ...spec.backends.map((backend) => egressTo(env.backends[backend])),
    ];
    if (spec.kind === 'http')
      egress.push({ to: [{ ipBlock: { cidr: env.apiServer.cidr } }], ports: [tcp(env.apiServer.port)] });
    if (spec.internetEgress) egress.push({ to: [peerOf({ cidr: '0.0.0.0/0' })], ports: [tcp(443)] });

    new k8s.KubeNetworkPolicy(this, 'policy', {
      metadata: { name: spec.name, namespace: env.namespace, labels: selectorLabels(spec.name) },
      spec: {
        podSelector: { matchLabels: selectorLabels(spec.name) },
        policyTypes: ['Ingress', 'Egress'],
        ingress,
        egress,
      },
    });
  }
}
