import type { k8s } from 'cdk8s-plus-34';
import type { DeployableName } from './deployables.js';
import {
  type Endpoint,
  type Environment,
  type NetworkProps,
  type Peer,
  type Resources,
  type WorkloadSettings,
} from './environment.js';
import { gatewayPeers, peersOf } from './network-policies.js';
import { checkExecutorSigners } from './signer-pool.js';

/** Helm value keys of the deployables (`.Values.workloads.tradingApi`): template paths cannot hold dashes. */
export const VALUE_KEYS: Record<DeployableName, string> = {
  'trading-api': 'tradingApi',
  'public-read': 'publicRead',
  'chain-executor': 'chainExecutor',
  'webhook-dispatcher': 'webhookDispatcher',
};

/** Where a NetworkPolicy rule points, as a list of NetworkPolicy peers, and the TCP port. */
export interface EndpointValues {
  to: k8s.NetworkPolicyPeer[];
  port: number;
}

/** The part of an Environment a Helm user sets through values. */
export interface ChartValues {
  image: Environment['image'];
  serviceEnv: string;
  logLevel: string;
  routeSwitches: { disabled: string };
  gateway: {
    className: string;
    hostname: string;
    tlsSecretName: string;
    trustProxy: string;
    appendedAddresses: string;
  };
  chainRpcUrl: string;
  /** Never empty in the chart: its KEDA triggers name the queues `<amqpPrefix>.<queue>`. */
  amqpPrefix: string;
  redisPrefix: string;
  /** Every address the NetworkPolicies name; the peer lists are NetworkPolicy peers as Kubernetes writes them. */
  networkPolicy: {
    gatewaySources: k8s.NetworkPolicyPeer[];
    monitoringNamespace: string;
    mysql: EndpointValues;
    rabbitmq: EndpointValues;
    redis: EndpointValues;
    chainRpc: EndpointValues;
    apiServer: EndpointValues;
  };
  workloads: Record<string, WorkloadSettings>;
  /** The executor's signer pool size; the template ranges over it (signer-pool.ts). */
  executorSigners: number;
}

const endpointValues = (endpoint: Endpoint): EndpointValues => ({ to: peersOf(endpoint.to), port: endpoint.port });

/** The values of one environment; the chart is the HTTPS shape, so the environment needs a host name and a cert. */
export function chartValues(env: Environment): ChartValues {
  const { hostname, tlsSecretName, className, trustProxy, appendedAddresses = '1' } = env.gateway;
  if (hostname === undefined || tlsSecretName === undefined) {
    throw new Error(`the chart serves HTTPS on a host name: ${env.name} has no gateway hostname or tlsSecretName`);
  }
  if (!env.amqpPrefix || !env.redisPrefix) {
    throw new Error(`the chart's environments each have their own AMQP and Redis prefix: ${env.name} has none`);
  }
  const workloads: Record<string, WorkloadSettings> = {};
  for (const [name, key] of Object.entries(VALUE_KEYS)) workloads[key] = env.workloads[name as DeployableName];
  const network = env.network;
  return {
    image: env.image,
    serviceEnv: env.serviceEnv,
    logLevel: env.logLevel,
    routeSwitches: { disabled: env.routeDisabled },
    gateway: { className, hostname, tlsSecretName, trustProxy, appendedAddresses },
    chainRpcUrl: env.chainRpcUrl,
    amqpPrefix: env.amqpPrefix,
    redisPrefix: env.redisPrefix,
    networkPolicy: {
      gatewaySources: peersOf(gatewayPeers(network.gatewaySources)),
      monitoringNamespace: network.monitoringNamespace,
      mysql: endpointValues(network.mysql),
      rabbitmq: endpointValues(network.rabbitmq),
      redis: endpointValues(network.redis),
      chainRpc: endpointValues(network.chainRpc),
      apiServer: endpointValues({
        to: network.apiServer.endpoints.map((cidr) => ({ cidr })),
        port: network.apiServer.port,
      }),
    },
    workloads,
    executorSigners: env.executorSigners,
  };
}

interface ValuePaths {
  /** Leaves that are numbers: the YAML must carry them bare. */
  numeric: string[];
  /** Leaves that are lists: the template takes them whole (`toYaml`). */
  lists: string[];
}

/** `{{ .Values.a.b }}` for every scalar leaf of a values tree; lists are leaves too, taken whole. */
function placeholders(tree: unknown, path: string, paths: ValuePaths): unknown {
  if (Array.isArray(tree)) {
    paths.lists.push(path);
    return listMarker(path);
  }
  if (typeof tree === 'number') paths.numeric.push(path);
  if (tree === null || typeof tree !== 'object') return `{{ .Values.${path} }}`;
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, placeholders(value, path ? `${path}.${key}` : key, paths)]),
  );
}

/** What a list value stands as while the constructs synthesize: one peer, expanded by expandListValues. */
const listMarker = (path: string) => `{{ toYaml .Values.${path} }}`;
const markerPeers = (path: string): Peer[] => [{ cidr: listMarker(path) }];

/**
 * The environment the Helm chart is synthesized from: `base` (production) with every value of `chartValues`
 * replaced by its template expression, and the namespace by the release's. Numbers become strings here (the
 * constructs never compute with them); `unquoteNumbers` turns them back into bare template expressions. A list of
 * peers becomes one marker peer, which `expandListValues` turns into `toYaml` of the whole list. The signer pool
 * keeps `base`'s size, so the constructs write its entries; `templateSignerPool` turns them into a `range`.
 */
export function helmEnvironment(base: Environment): { env: Environment; numericPaths: string[]; listPaths: string[] } {
  checkExecutorSigners(base);
  const paths: ValuePaths = { numeric: [], lists: [] };
  // cast: the same tree with every leaf a template string; only the string-typed leaves are read as they are.
  const values = placeholders(chartValues(base), '', paths) as ChartValues;
  const workloads = {} as Record<DeployableName, WorkloadSettings>;
  for (const [name, key] of Object.entries(VALUE_KEYS)) {
    workloads[name as DeployableName] = values.workloads[key] as WorkloadSettings & { resources: Resources };
  }
  const endpoint = (key: 'mysql' | 'rabbitmq' | 'redis' | 'chainRpc'): Endpoint => ({
    to: markerPeers(`networkPolicy.${key}.to`),
    port: values.networkPolicy[key].port,
  });
  const network: NetworkProps = {
    gatewaySources: {
      kind: 'proxy-subnet',
      proxySubnet: listMarker('networkPolicy.gatewaySources'),
      healthCheckRanges: [],
    },
    monitoringNamespace: values.networkPolicy.monitoringNamespace,
    mysql: endpoint('mysql'),
    rabbitmq: endpoint('rabbitmq'),
    redis: endpoint('redis'),
    chainRpc: endpoint('chainRpc'),
    apiServer: {
      endpoints: [listMarker('networkPolicy.apiServer.to')],
      // cast: a template string in place of the port; the constructs only write it into the YAML.
      port: values.networkPolicy.apiServer.port as 443,
    },
  };
  const env: Environment = {
    ...base,
    namespace: '{{ .Release.Namespace }}',
    image: values.image,
    serviceEnv: values.serviceEnv as Environment['serviceEnv'],
    logLevel: values.logLevel as Environment['logLevel'],
    routeDisabled: values.routeSwitches.disabled,
    chainRpcUrl: values.chainRpcUrl,
    amqpPrefix: values.amqpPrefix,
    redisPrefix: values.redisPrefix,
    gateway: values.gateway,
    network,
    workloads,
  };
  return { env, numericPaths: paths.numeric, listPaths: paths.lists };
}

/** `replicas: '{{ .Values.x }}'` → `replicas: {{ .Values.x }}` for the numeric values, so Helm renders integers. */
export function unquoteNumbers(template: string, numericPaths: readonly string[]): string {
  let out = template;
  for (const path of numericPaths) {
    const expression = `{{ .Values.${path} }}`;
    out = out.split(`"${expression}"`).join(expression).split(`'${expression}'`).join(expression);
  }
  return out;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Replaces each list item holding a list value's marker (the marker peer of helmEnvironment) with
 * `{{- toYaml .Values.<path> | nindent <n> }}`, so Helm writes the whole list from the values. The marker must be
 * its list's only item (nothing else would survive the replacement), and every list value must be used.
 */
export function expandListValues(template: string, listPaths: readonly string[]): string {
  const lines = template.split('\n');
  for (const path of listPaths) {
    const marker = listMarker(path);
    let found = 0;
    for (let at = lines.findIndex((line) => line.includes(marker)); at >= 0;) {
      const depth = indentOf(lines[at] ?? '');
      let start = at;
      while (start > 0 && (indentOf(lines[start] ?? '') >= depth || !lines[start]?.trimStart().startsWith('- ')))
        start -= 1;
      const itemIndent = indentOf(lines[start] ?? '');
      let end = at + 1;
      while (end < lines.length && indentOf(lines[end] ?? '') > itemIndent) end += 1;
      const before = lines[start - 1] ?? '';
      const after = lines[end] ?? '';
      const sharesList = (line: string) => indentOf(line) === itemIndent && line.trimStart().startsWith('- ');
      if (!before.trimEnd().endsWith(':') || sharesList(before) || sharesList(after)) {
        throw new Error(`the list value ${path} shares its list with other items (line ${at + 1})`);
      }
      const expression = `${' '.repeat(itemIndent)}{{- toYaml .Values.${path} | nindent ${itemIndent} }}`;
      lines.splice(start, end - start, expression);
      found += 1;
      at = lines.findIndex((line) => line.includes(marker));
    }
    if (found === 0) throw new Error(`no template uses the list value ${path}`);
  }
  return lines.join('\n');
}
