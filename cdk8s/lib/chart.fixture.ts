/* Test-only: the chart's manifests as the specs read them, synthesized from an environment or rendered by Helm. */
import { readFileSync } from 'node:fs';
import { Testing } from 'cdk8s';
import { parse } from 'yaml';
import type { z } from 'zod';
import {
  chainExecutorConfigSchema,
  publicReadConfigSchema,
  tradingApiConfigSchema,
  webhookDispatcherConfigSchema,
} from '#shared/config/app-configs.js';
import type { DeployableName } from './deployables.js';
import type { Environment } from './environment.js';
import { ForetellChart } from './foretell-chart.js';
import { renderTemplate } from './helm-render.js';
import { parseManifests, type Manifest } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
export const synthChart = (env: Environment, id = 'test'): Manifest[] =>
  Testing.synth(new ForetellChart(Testing.app(), id, env)) as Manifest[];

export const named = (manifests: readonly Manifest[], kind: string, name: string): any =>
  manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);

export const ofKind = (manifests: readonly Manifest[], kind: string): any[] =>
  manifests.filter((manifest) => manifest.kind === kind);

/** A copy of the first manifest of `kind`, to break. */
export const cloneOfKind = (manifests: readonly Manifest[], kind: string): any =>
  structuredClone(manifests.find((manifest) => manifest.kind === kind));

const chartDir = new URL('../../charts/foretell/', import.meta.url);
export const chartTemplate = (): string => readFileSync(new URL('templates/foretell.k8s.yaml', chartDir), 'utf8');
export const chartValues = (file: string): any => parse(readFileSync(new URL(file, chartDir), 'utf8'));

/** The committed chart rendered with one of its values files, the way Helm renders its expressions. */
export const renderChart = (valuesFile: string, namespace: string): Manifest[] =>
  parseManifests(renderTemplate(chartTemplate(), chartValues(valuesFile), namespace));

/** JSON with sorted keys: the same object whatever order its fields were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/** The configuration schema each deployable's program parses, to compare with what its manifests give it. */
export const DEPLOYABLE_SCHEMAS: Record<DeployableName, z.ZodType<object>> = {
  'trading-api': tradingApiConfigSchema,
  'public-read': publicReadConfigSchema,
  'chain-executor': chainExecutorConfigSchema,
  'webhook-dispatcher': webhookDispatcherConfigSchema,
};

export const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** A container's variable as the manifests give it: a value (perhaps with `$(NAME)` references) or a Secret entry. */
export interface ManifestEnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

/**
 * The environment a container starts with: each Secret entry from `secrets` (absent: unset), and Kubernetes'
 * dependent variable expansion, where `$(NAME)` resolves to a variable defined earlier in the list only.
 */
export function expandEnv(env: readonly ManifestEnvVar[], secrets: Record<string, string>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const variable of env) {
    const entry = variable.valueFrom?.secretKeyRef;
    if (entry) {
      const secret = secrets[entry.key];
      if (secret !== undefined) defined[variable.name] = secret;
    } else if (typeof variable.value === 'string') {
      defined[variable.name] = variable.value.replace(
        /\$\((\w+)\)/g,
        (ref: string, name: string) => defined[name] ?? ref,
      );
    }
  }
  return defined;
}
