import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import type { Backend, DeployableSpec } from './deployables.js';
import { PUBLIC_INTERNET, type Endpoint, type Environment, type GatewaySources, type Peer } from './environment.js';
import { partOfLabels, selectorLabels } from './labels.js';

export const tcp = (port: number): k8s.NetworkPolicyPort => ({
  protocol: 'TCP',
  port: k8s.IntOrString.fromNumber(port),
});

export function peerOf(peer: Peer): k8s.NetworkPolicyPeer {
  if ('cidr' in peer) return { ipBlock: { cidr: peer.cidr, ...(peer.except ? { except: [...peer.except] } : {}) } };
  return {
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': peer.namespace } },
    podSelector: { matchLabels: peer.podLabels },
  };
}

export const peersOf = (peers: readonly Peer[]): k8s.NetworkPolicyPeer[] => peers.map(peerOf);

/** The addresses the gateway's requests and health checks come from. */
export function gatewayPeers(sources: GatewaySources): Peer[] {
  if (sources.kind === 'pods') return [sources.pods];
  return [{ cidr: sources.proxySubnet }, ...sources.healthCheckRanges.map((cidr) => ({ cidr }))];
}

export const egressTo = (endpoint: Endpoint): k8s.NetworkPolicyEgressRule => ({
  to: peersOf(endpoint.to),
  ports: [tcp(endpoint.port)],
});

/** The endpoint of a backing service a deployable names. */
export function backendEndpoint(env: Environment, backend: Backend): Endpoint {
  return backend === 'chain' ? env.network.chainRpc : env.network[backend];
}

export function apiServerEgress(env: Environment): k8s.NetworkPolicyEgressRule {
  return egressTo({ to: env.network.apiServer.endpoints.map((cidr) => ({ cidr })), port: env.network.apiServer.port });
}

/**
 * The dispatcher's way to webhook receivers: any public address on 443 (a live key's https) or 80 (a test key's
 * http, on staging), never a private range. Issuance refuses a live key any other port (webhook-url-policy.ts).
 */
export const internetEgress: k8s.NetworkPolicyEgressRule = {
  to: peersOf([PUBLIC_INTERNET]),
  ports: [tcp(443), tcp(80)],
};

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
 * DNS, its backing services (the chain RPC only where it calls the chain), the API server (HTTP apps: the
 * route-switches watch) and public 443 (the dispatcher's webhooks).
 */
export class WorkloadNetworkPolicy extends Construct {
  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, `${spec.name}-network`);
    const ingress: k8s.NetworkPolicyIngressRule[] = [
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': env.network.monitoringNamespace } } },
        ],
        ports: [tcp(spec.port)],
      },
    ];
    if (spec.kind === 'http') {
      ingress.unshift({ from: peersOf(gatewayPeers(env.network.gatewaySources)), ports: [tcp(spec.port)] });
    }
    const egress: k8s.NetworkPolicyEgressRule[] = [
      dnsEgress,
      ...spec.backends.map((backend) => egressTo(backendEndpoint(env, backend))),
    ];
    if (spec.kind === 'http') egress.push(apiServerEgress(env));
    if (spec.internetEgress) egress.push(internetEgress);

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
