import type { DeployableName } from './deployables.js';

/** Pods in the cluster: a namespace and pod labels. */
export interface PodPeer {
  namespace: string;
  podLabels: Record<string, string>;
}

/** An address range outside the pod network (a managed service, a cloud load balancer's proxies, an RPC provider). */
export interface CidrPeer {
  cidr: string;
  /** Ranges inside `cidr` that stay closed. */
  except?: readonly string[];
}

/** One end of a NetworkPolicy rule. */
export type Peer = PodPeer | CidrPeer;

/** Somewhere pods connect to: who answers, and on which TCP port. */
export interface Endpoint {
  to: readonly Peer[];
  port: number;
}

/** Private ranges: never reached through a "public internet" egress (webhooks: SSRF defence in depth). */
export const PRIVATE_RANGES: readonly string[] = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '100.64.0.0/10',
];

/** Every public IPv4 address: a destination NetworkPolicy cannot narrow (a host name it cannot express). */
export const PUBLIC_INTERNET: CidrPeer = { cidr: '0.0.0.0/0', except: PRIVATE_RANGES };

/** Google Cloud's load-balancer health checkers: they probe the backends (the pods, with NEGs) from these. */
export const GOOGLE_HEALTH_CHECK_RANGES: readonly string[] = ['35.191.0.0/16', '130.211.0.0/22'];

/**
 * Who opens connections to the HTTP apps on the gateway's behalf: the only ingress the apps take besides metrics.
 * - `pods`: an in-cluster implementation (Envoy Gateway, Istio, …) whose proxy pods forward the requests.
 * - `proxy-subnet`: a cloud load balancer whose proxies run outside the cluster (GKE `gke-l7-*` classes): requests
 *   come from the region's proxy-only subnet and health checks from the provider's checker ranges.
 */
export type GatewaySources =
  { kind: 'pods'; pods: PodPeer } | { kind: 'proxy-subnet'; proxySubnet: string; healthCheckRanges: readonly string[] };

/** Every address a NetworkPolicy of the chart names: one place per environment, no address in the constructs. */
export interface NetworkProps {
  gatewaySources: GatewaySources;
  /**
   * The namespace whose pods may connect to every deployable's port to scrape /metrics (the same port serves the
   * API, so a pod there can call the HTTP apps as well: keep the namespace to the metrics stack).
   */
  monitoringNamespace: string;
  mysql: Endpoint;
  rabbitmq: Endpoint;
  redis: Endpoint;
  /**
   * The chain's JSON-RPC (CHAIN_RPC_URL), for the deployables that call it (DeployableSpec.backends has `chain`). A
   * hosted HTTPS provider is a host name behind changing addresses, which NetworkPolicy cannot express: then this is
   * PUBLIC_INTERNET on 443, the one 443 egress besides the dispatcher's (decision 0017).
   */
  chainRpc: Endpoint;
  /**
   * The Kubernetes API server, watched by the HTTP apps (route switches), patched by the admin CLI's `routes` Jobs
   * and written by its `keys issue` Jobs (a Secret per key). NetworkPolicy matches after the `kubernetes` Service's DNAT, so these are the API server's endpoint IPs
   * (`kubectl get endpointslices -n default -l kubernetes.io/service-name=kubernetes`) and their port, never the
   * Service's ClusterIP: 443 on GKE's control plane, 6443 on kubeadm and kind.
   */
  apiServer: { endpoints: readonly string[]; port: 443 | 6443 };
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
  /**
   * The chain executor's signer pool: how many operator keys it has, each its own entry of `foretell-secrets`
   * (EXECUTOR_SIGNER_0..n-1, lib/signer-pool.ts) and each registered in the OperatorRegistry. A replica leases one
   * key at a time and one that finds none free only waits, so the executor's maxReplicas may not exceed this
   * (checkExecutorSigners). Raise it only after the new entries exist (docs/runbooks/signers.md).
   */
  executorSigners: number;
  /** Comma-separated route ids disabled at install (the operators flip the live ConfigMap afterwards). */
  routeDisabled: string;
  gateway: {
    className: string;
    hostname?: string;
    /** A Secret holding the TLS certificate; with it the Gateway listens on 443 only. */
    tlsSecretName?: string;
    /**
     * The one proxy hop the apps trust for X-Forwarded-For (TRUST_PROXY): the addresses the gateway's requests come
     * from, i.e. the gateway pods' range or the proxy-only subnet of `network.gatewaySources`.
     */
    trustProxy: string;
    /**
     * GATEWAY_APPENDED_ADDRESSES of the HTTP apps: how many addresses the gateway appends to X-Forwarded-For (a whole
     * number, as the env value). Google's load balancers append two (the client, then the load balancer); unset
     * leaves the apps' default of one.
     */
    appendedAddresses?: string;
  };
  network: NetworkProps;
  chainRpcUrl: string;
  /**
   * AMQP_PREFIX and REDIS_PREFIX: every queue, exchange and Redis key of the environment carries them. Environments
   * that may share a broker or a Redis (staging and production reach the same data ranges) each have their own, and
   * neither may begin with the other's (environment-isolation.spec.ts).
   */
  amqpPrefix: string;
  redisPrefix: string;
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS of the dispatcher: webhooks to loopback or private addresses. Only a developer's
   * local cluster may allow them; staging refuses them like production (SSRF), whatever its SERVICE_ENV.
   */
  webhookAllowPrivateTargets: boolean;
  /** SHUTDOWN_GRACE_MS of the apps; the pod's termination grace period is longer. */
  shutdownGraceMs: number;
  /**
   * SHUTDOWN_DRAIN_MS of the HTTP apps: after SIGTERM they keep serving, not ready, this long, so the gateway has
   * taken the pod out of its backends (readiness probes, endpoint updates) before its listener closes.
   */
  shutdownDrainMs: number;
}

const inCluster = (app: string, port: number): Endpoint => ({
  to: [{ namespace: 'foretell-data', podLabels: { 'app.kubernetes.io/name': app } }],
  port,
});

/*
 * Memory rests on `npm run bench:memory` (production build, plain node with each deployable's node flags, after
 * warm-up traffic), 2026-11-26: idle RSS trading-api 134 MB (with `--max-semi-space-size=8`; 150–152 MB without),
 * public-read 134–138 MB, chain-executor 136–137 MB, webhook-dispatcher 127–130 MB.
 * Requests sit above the idle figure with room for load; limits at twice the request.
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
  executorSigners: 2,
  routeDisabled: '',
  gateway: { className: 'envoy-gateway', trustProxy: '10.244.0.0/16' },
  network: {
    // Envoy Gateway's proxy pods (kind's pod range 10.244.0.0/16 is what TRUST_PROXY trusts).
    gatewaySources: {
      kind: 'pods',
      pods: { namespace: 'envoy-gateway-system', podLabels: { 'app.kubernetes.io/component': 'proxy' } },
    },
    monitoringNamespace: 'monitoring',
    mysql: inCluster('mysql', 3306),
    rabbitmq: inCluster('rabbitmq', 5672),
    redis: inCluster('redis', 6379),
    chainRpc: inCluster('anvil', 8545),
    // kind's control-plane node on its docker network (the address changes between clusters, the network does not).
    apiServer: { endpoints: ['172.18.0.0/16'], port: 6443 },
  },
  chainRpcUrl: 'http://anvil.foretell-data.svc:8545',
  amqpPrefix: '',
  redisPrefix: 'foretell:',
  webhookAllowPrivateTargets: true,
  shutdownGraceMs: 10_000,
  shutdownDrainMs: 3_000,
};

/**
 * Staging and production on GKE: managed MySQL/RabbitMQ/Redis in the VPC, a hosted chain RPC over TLS, and the
 * `gke-l7-regional-external-managed` Gateway, whose proxies connect from the region's proxy-only subnet (the one
 * hop TRUST_PROXY trusts). Google's load balancers append two addresses to X-Forwarded-For.
 */
function gke(proxySubnet: string) {
  return {
    logLevel: 'info',
    routeDisabled: '',
    chainRpcUrl: 'https://rpc.chain.example',
    webhookAllowPrivateTargets: false,
    shutdownGraceMs: 20_000,
    // Google's load balancers take several seconds to stop sending to an endpoint that is going away.
    shutdownDrainMs: 15_000,
    image: { registry: 'registry.foretell.example', repository: 'foretell', tag: '0.1.0', pullPolicy: 'IfNotPresent' },
    gateway: { className: 'gke-l7-regional-external-managed', trustProxy: proxySubnet, appendedAddresses: '2' },
    network: {
      gatewaySources: { kind: 'proxy-subnet', proxySubnet, healthCheckRanges: GOOGLE_HEALTH_CHECK_RANGES },
      monitoringNamespace: 'monitoring',
      mysql: { to: [{ cidr: '10.20.0.0/24' }], port: 3306 },
      rabbitmq: { to: [{ cidr: '10.20.1.0/24' }], port: 5671 },
      redis: { to: [{ cidr: '10.20.2.0/24' }], port: 6379 },
      chainRpc: { to: [PUBLIC_INTERNET], port: 443 },
      apiServer: { endpoints: ['172.16.0.2/32'], port: 443 },
    },
  } satisfies Partial<Environment>;
}

const stagingGke = gke('10.30.0.0/23');
export const staging: Environment = {
  ...stagingGke,
  name: 'staging',
  namespace: 'foretell-staging',
  serviceEnv: 'test',
  amqpPrefix: 'staging',
  redisPrefix: 'foretell:staging:',
  workloads: workloads(2, 4, { api, worker }),
  executorSigners: 4,
  gateway: { ...stagingGke.gateway, hostname: 'staging.api.foretell.example', tlsSecretName: 'foretell-staging-tls' },
};

const productionGke = gke('10.40.0.0/23');
const productionWorkload: Resources = {
  requests: { cpu: '500m', memory: '192Mi' },
  limits: { cpu: '2', memory: '384Mi' },
};
export const production: Environment = {
  ...productionGke,
  name: 'production',
  namespace: 'foretell',
  serviceEnv: 'live',
  amqpPrefix: 'production',
  redisPrefix: 'foretell:production:',
  workloads: workloads(3, 12, { api: productionWorkload, worker: productionWorkload }),
  executorSigners: 12,
  gateway: { ...productionGke.gateway, hostname: 'api.foretell.example', tlsSecretName: 'foretell-tls' },
};

export const ENVIRONMENTS: readonly Environment[] = [local, staging, production];

/** The environments the Helm chart is for: an HTTPS Gateway with a host name (local uses the plain manifests). */
export const CHART_ENVIRONMENTS: readonly Environment[] = [staging, production];
