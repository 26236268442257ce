import type { DeployableName } from './deployables.js';
import type { Environment, Resources, WorkloadSettings } from './environment.js';

/** Helm value keys of the deployables (`.Values.workloads.tradingApi`): template paths cannot hold dashes. */
export const VALUE_KEYS: Record<DeployableName, string> = {
  'trading-api': 'tradingApi',
  'public-read': 'publicRead',
  'chain-executor': 'chainExecutor',
  'webhook-dispatcher': 'webhookDispatcher',
};

/** The part of an Environment a Helm user sets through values. */
export interface ChartValues {
  image: Environment['image'];
  serviceEnv: string;
  logLevel: string;
  routeSwitches: { disabled: string };
  trustProxy: string;
  chainRpcUrl: string;
  workloads: Record<string, WorkloadSettings>;
}

export function chartValues(env: Environment): ChartValues {
  const workloads: Record<string, WorkloadSettings> = {};
  for (const [name, key] of Object.entries(VALUE_KEYS)) workloads[key] = env.workloads[name as DeployableName];
  return {
    image: env.image,
    serviceEnv: env.serviceEnv,
    logLevel: env.logLevel,
    routeSwitches: { disabled: env.routeDisabled },
    trustProxy: env.gateway.trustProxy,
    chainRpcUrl: env.chainRpcUrl,
    workloads,
  };
}

/** `{{ .Values.a.b }}` for every leaf of a values tree; numeric leaves are listed so the YAML can unquote them. */
function placeholders(tree: unknown, path: string, numeric: string[]): unknown {
  if (typeof tree === 'number') numeric.push(path);
  if (tree === null || typeof tree !== 'object') return `{{ .Values.${path} }}`;
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, placeholders(value, path ? `${path}.${key}` : key, numeric)]),
  );
}

/**
 * The environment the Helm chart is synthesized from: `base` (production) with every value of `chartValues`
 * replaced by its template expression, and the namespace by the release's. Numbers become strings here (the
 * constructs never compute with them); `unquoteNumbers` turns them back into bare template expressions.
 */
export function helmEnvironment(base: Environment): { env: Environment; numericPaths: string[] } {
  const numericPaths: string[] = [];
  const values = placeholders(chartValues(base), '', numericPaths) as ChartValues;
  const workloads = {} as Record<DeployableName, WorkloadSettings>;
  for (const [name, key] of Object.entries(VALUE_KEYS)) {
    workloads[name as DeployableName] = values.workloads[key] as WorkloadSettings & { resources: Resources };
  }
  const env: Environment = {
    ...base,
    namespace: '{{ .Release.Namespace }}',
    image: values.image,
    serviceEnv: values.serviceEnv as Environment['serviceEnv'],
    logLevel: values.logLevel as Environment['logLevel'],
    routeDisabled: values.routeSwitches.disabled,
    chainRpcUrl: values.chainRpcUrl,
    gateway: { ...base.gateway, trustProxy: values.trustProxy },
    workloads,
  };
  return { env, numericPaths };
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

/** Renders the chart's templates the way Helm does for the expressions this chart uses (tests, offline checks). */
export function renderTemplate(template: string, values: unknown, namespace: string): string {
  return template.replace(/\{\{ \.(Values|Release)\.([A-Za-z0-9_.]+) \}\}/g, (_match, root: string, path: string) => {
    if (root === 'Release') {
      if (path !== 'Namespace') throw new Error(`unsupported .Release.${path}`);
      return namespace;
    }
    let value: unknown = values;
    for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
    if (value === undefined || (typeof value === 'object' && value !== null)) throw new Error(`no value ${path}`);
    return String(value);
  });
}
