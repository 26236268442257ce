import type { Backend, DeployableName } from './deployables.js';

/** Where a backing service lives, for NetworkPolicy egress: a CIDR (managed service) or pods in the cluster. */
export type Peer = { cidr: string } | { namespace: string; podLabels: Record<string, string> };

export interface BackendEndpoint {
  peer: Peer;
  port: number;
}

export interface Resources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

export interface WorkloadSettings {
  replicas: number;
  /** Autoscaling bounds (HPA for HTTP apps, KEDA for workers); minReplicas is `replicas`. */
  maxReplicas: number;
  resources: Resources;
}

/** One environment's whole shape: the manifests are one set of constructs driven by these props, never copies. */
export interface Environment {
  name: 'local' | 'staging' | 'production';
  namespace: string;
  image: { registry: string; repository: string; tag: string; pullPolicy: 'Always' | 'IfNotPresent' };
  /** SERVICE_ENV of every deployable: `test` keys and a test chain, or `live`. */
  serviceEnv: 'test' | 'live';
  logLevel: 'debug' | 'info' | 'warn';
  workloads: Record<DeployableName, WorkloadSettings>;
  /** Comma-separated route ids disabled at install (the operators flip the live ConfigMap afterwards). */
  routeDisabled: string;
  backends: Record<Backend, BackendEndpoint>;
  gateway: {
    className: string;
    hostname?: string;
    /** A Secret holding the TLS certificate; with it the Gateway listens on 443 only. */
    tlsSecretName?: string;
    /** Where the gateway's pods run: the only peers allowed into the HTTP apps. */
    namespace: string;
    podLabels: Record<string, string>;
    /** The gateway pods' address range: the one proxy hop the apps trust for X-Forwarded-For. */
    trustProxy: string;
  };
  /** The namespace allowed to scrape /metrics. */
  monitoringNamespace: string;
  /** The Kubernetes API server, reached by the HTTP apps to watch the route switches. */
  apiServer: { cidr: string; port: number };
  chainRpcUrl: string;
  amqpPrefix: string;
  /** SHUTDOWN_GRACE_MS of the apps; the pod's termination grace period is longer. */
  shutdownGraceMs: number;
}

const inCluster = (app: string, port: number): BackendEndpoint => ({
  peer: { namespace: 'foretell-data', podLabels: { 'app.kubernetes.io/name': app } },
  port,
});

/*
 * Memory rests on `npm run bench:memory` (production build, plain node, after warm-up traffic), 2026-11-25:
 * idle RSS trading-api 144 MB, public-read 133 MB, chain-executor 137 MB, webhook-dispatcher 129 MB. Requests sit
 * above the idle figure with room for load; limits at twice the request.
 */
const small: Resources = { requests: { cpu: '50m', memory: '160Mi' }, limits: { cpu: '500m', memory: '256Mi' } };
const api: Resources = { requests: { cpu: '250m', memory: '192Mi' }, limits: { cpu: '1', memory: '384Mi' } };
const worker: Resources = { requests: { cpu: '200m', memory: '192Mi' }, limits: { cpu: '1', memory: '384Mi' } };

function workloads(replicas: number, maxReplicas: number, resources: { api: Resources; worker: Resources }) {
  const http = { replicas, maxReplicas, resources: resources.api };
  const work = { replicas, maxReplicas, resources: resources.worker };
  return { 'trading-api': http, 'public-read': http, 'chain-executor': work, 'webhook-dispatcher': work };
}

/** A kind-like cluster on a laptop: one replica each, backing services in `foretell-data`, a local registry. */
export const local: Environment = {
  name: 'local',
  namespace: 'foretell',
  image: { registry: 'localhost:5001', repository: 'foretell', tag: 'dev', pullPolicy: 'IfNotPresent' },
  serviceEnv: 'test',
  logLevel: 'debug',
  workloads: workloads(1, 2, { api: small, worker: small }),
  routeDisabled: '',
  backends: {
    mysql: inCluster('mysql', 3306),
    rabbitmq: inCluster('rabbitmq', 5672),
    redis: inCluster('redis', 6379),
    chain: inCluster('anvil', 8545),
  },
  gateway: {
    className: 'envoy-gateway',
    namespace: 'envoy-gateway-system',
    podLabels: { 'app.kubernetes.io/component': 'proxy' },
    trustProxy: '10.244.0.0/16',
  },
  monitoringNamespace: 'monitoring',
  apiServer: { cidr: '172.18.0.0/16', port: 6443 },
  chainRpcUrl: 'http://anvil.foretell-data.svc:8545',
  amqpPrefix: '',
  shutdownGraceMs: 10_000,
};

/** Shared by staging and production: managed MySQL/RabbitMQ/Redis in the VPC, a real chain RPC over TLS. */
const cloud: Omit<Environment, 'name' | 'namespace' | 'image' | 'serviceEnv' | 'workloads' | 'gateway'> = {
  logLevel: 'info',
  routeDisabled: '',
  backends: {
    mysql: { peer: { cidr: '10.20.0.0/24' }, port: 3306 },
    rabbitmq: { peer: { cidr: '10.20.1.0/24' }, port: 5671 },
    redis: { peer: { cidr: '10.20.2.0/24' }, port: 6379 },
    chain: { peer: { cidr: '0.0.0.0/0' }, port: 443 },
  },
  monitoringNamespace: 'monitoring',
  apiServer: { cidr: '10.0.0.1/32', port: 443 },
  chainRpcUrl: 'https://rpc.chain.example',
  amqpPrefix: '',
  shutdownGraceMs: 20_000,
};

const gatewayPods = { namespace: 'gateway', podLabels: { 'app.kubernetes.io/name': 'foretell-gateway' } };

export const staging: Environment = {
  ...cloud,
  name: 'staging',
  namespace: 'foretell-staging',
  image: { registry: 'registry.foretell.example', repository: 'foretell', tag: '0.1.0', pullPolicy: 'IfNotPresent' },
  serviceEnv: 'test',
  workloads: workloads(2, 4, { api, worker }),
  gateway: {
    ...gatewayPods,
    className: 'gke-l7-regional-external-managed',
    hostname: 'staging.api.foretell.example',
    tlsSecretName: 'foretell-staging-tls',
    trustProxy: '10.30.0.0/16',
  },
};

export const production: Environment = {
  ...cloud,
  name: 'production',
  namespace: 'foretell',
  image: { registry: 'registry.foretell.example', repository: 'foretell', tag: '0.1.0', pullPolicy: 'IfNotPresent' },
  serviceEnv: 'live',
  workloads: workloads(3, 12, {
    api: { requests: { cpu: '500m', memory: '192Mi' }, limits: { cpu: '2', memory: '384Mi' } },
    worker: { requests: { cpu: '500m', memory: '192Mi' }, limits: { cpu: '2', memory: '384Mi' } },
  }),
  gateway: {
    ...gatewayPods,
    className: 'gke-l7-regional-external-managed',
    hostname: 'api.foretell.example',
    tlsSecretName: 'foretell-tls',
    trustProxy: '10.40.0.0/16',
  },
};

export const ENVIRONMENTS: readonly Environment[] = [local, staging, production];
