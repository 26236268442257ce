/*
 * The chain executor's signer pool. Each operator key is its own entry of `foretell-secrets` (EXECUTOR_SIGNER_<i>),
 * so a compromised key is removed or replaced alone. The container reads each entry into an env var of the same
 * name, then EXECUTOR_PRIVATE_KEYS joins them with Kubernetes' dependent variable expansion (`$(NAME)` resolves
 * only variables defined earlier in the list, so the joined one comes last). Each replica leases one key at a
 * time (a MySQL GET_LOCK per signer address), so replicas beyond the pool would only wait: the environment's
 * executor maxReplicas may not exceed its signer count (checkExecutorSigners).
 */
import type { k8s } from 'cdk8s-plus-34';
import type { Environment } from './environment.js';
import { SECRET_NAME } from './labels.js';

/** The variable the executor's configuration parses: the comma-separated signer keys. */
export const SIGNER_POOL_VARIABLE = 'EXECUTOR_PRIVATE_KEYS';

/** The Secret key, and the env var, of the signer at `index` (a number, or a Helm expression in the chart). */
export const signerVariable = (index: number | string) => `EXECUTOR_SIGNER_${index}`;

/** EXECUTOR_SIGNER_0..count-1, in order. */
export function signerVariables(count: number): string[] {
  return Array.from({ length: count }, (_unused, index) => signerVariable(index));
}

/** `$(EXECUTOR_SIGNER_0),$(EXECUTOR_SIGNER_1),…`: Kubernetes resolves each from the entry of that name above. */
const poolValue = (names: readonly string[]) => names.map((name) => `$(${name})`).join(',');

/** The executor's env entries for a pool of `count` keys: each key from its own entry, then the joined list. */
export function signerPoolEnv(count: number): k8s.EnvVar[] {
  const names = signerVariables(count);
  return [
    ...names.map((name) => ({ name, valueFrom: { secretKeyRef: { name: SECRET_NAME, key: name } } })),
    { name: SIGNER_POOL_VARIABLE, value: poolValue(names) },
  ];
}

/** The Helm value holding the pool's size (values.yaml `executorSigners`). */
const SIGNERS_VALUE = 'executorSigners';
const EXECUTOR_MAX_REPLICAS_VALUE = 'workloads.chainExecutor.maxReplicas';

/** Stops `helm install|upgrade|template` when the values let the executor scale past its signer pool. */
const SIGNER_POOL_GUARD = [
  `{{- if gt (int .Values.${EXECUTOR_MAX_REPLICAS_VALUE}) (int .Values.${SIGNERS_VALUE}) }}`,
  `{{- fail "${EXECUTOR_MAX_REPLICAS_VALUE} exceeds ${SIGNERS_VALUE}: a chain-executor replica beyond its signer keys would only wait for one" }}`,
  '{{- end }}',
];

/** One signer's env entry as the synthesized YAML writes it (keys sorted, two-space indent). */
const signerEntryLines = (indent: string, index: string) => [
  `${indent}- name: ${signerVariable(index)}`,
  `${indent}  valueFrom:`,
  `${indent}    secretKeyRef:`,
  `${indent}      key: ${signerVariable(index)}`,
  `${indent}      name: ${SECRET_NAME}`,
];
const poolEntryLines = (indent: string, value: string) => [
  `${indent}- name: ${SIGNER_POOL_VARIABLE}`,
  `${indent}  value: ${value}`,
];

/**
 * Turns the pool the chart was synthesized with (`count` entries, from the production environment) into a Helm
 * `range` over `.Values.executorSigners`, so each values file gets its own pool size, and puts the guard against
 * `maxReplicas` > `executorSigners` at the top of the template. Refuses a template whose pool is not exactly what
 * signerPoolEnv writes, rather than templating part of it.
 */
export function templateSignerPool(template: string, count: number): string {
  const lines = template.split('\n');
  const first = lines.findIndex((line) => line.trimStart() === `- name: ${signerVariable(0)}`);
  const firstLine = lines[first];
  if (firstLine === undefined) throw new Error(`the chart has no ${signerVariable(0)} env entry to template`);
  const indent = firstLine.slice(0, firstLine.indexOf('-'));
  const synthesized = [
    ...signerVariables(count).flatMap((_name, index) => signerEntryLines(indent, String(index))),
    ...poolEntryLines(indent, poolValue(signerVariables(count))),
  ];
  if (lines.slice(first, first + synthesized.length).join('\n') !== synthesized.join('\n')) {
    throw new Error(`the chart's signer pool (line ${first + 1}) is not the ${count} entries signerPoolEnv writes`);
  }
  const each = `$signer := until (int .Values.${SIGNERS_VALUE})`;
  const templated = [
    `${indent}{{- range ${each} }}`,
    ...signerEntryLines(indent, '{{ $signer }}'),
    `${indent}{{- end }}`,
    ...poolEntryLines(
      indent,
      `{{ range ${each} }}{{ if $signer }},{{ end }}$(${signerVariable('{{ $signer }}')}){{ end }}`,
    ),
  ];
  lines.splice(first, synthesized.length, ...templated);
  if (lines.some((line) => line.includes(signerVariable(0)))) {
    throw new Error(`the chart has a second ${signerVariable(0)} entry: template one pool only`);
  }
  return [...SIGNER_POOL_GUARD, ...lines].join('\n');
}

/**
 * Refuses an environment whose chain executor could run more replicas than it has signer keys: min replicas ≤ max
 * replicas ≤ executorSigners. A replica beyond the pool holds no key and consumes no trade, so an autoscaler
 * allowed past it adds pods that only wait. The chart's values are checked by its own guard when Helm renders
 * them (signer-pool.ts); in the chart's shape the bounds are those value expressions and are skipped here.
 */
export function checkExecutorSigners(env: Environment): void {
  const { replicas, maxReplicas } = env.workloads['chain-executor'];
  const signers = env.executorSigners;
  const bounds: unknown[] = [replicas, maxReplicas, signers];
  if (bounds.some((bound) => typeof bound === 'string' && bound.startsWith('{{'))) return;
  if (!Number.isInteger(signers) || signers < 1) {
    throw new Error(`${env.name}: executorSigners must be a whole number of keys, at least 1 (got ${signers})`);
  }
  if (replicas > maxReplicas) {
    throw new Error(`${env.name}: chain-executor replicas ${replicas} exceed its maxReplicas ${maxReplicas}`);
  }
  if (maxReplicas > signers) {
    throw new Error(
      `${env.name}: chain-executor maxReplicas ${maxReplicas} exceeds its ${signers} signer keys (executorSigners): ` +
        'a replica beyond the pool would only wait for a key',
    );
  }
}
