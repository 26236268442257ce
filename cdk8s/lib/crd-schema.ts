import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parseAllDocuments } from 'yaml';

/**
 * Validation of custom resources (Gateway API, KEDA) against the CRDs committed in cdk8s/crds, as the API server
 * would with strict field validation: an object schema with properties refuses fields it does not list.
 */
interface CrdVersion {
  name: string;
  schema: { openAPIV3Schema: Record<string, unknown> };
}
interface Crd {
  kind: string;
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] };
}

const crdDir = fileURLToPath(new URL('../crds/', import.meta.url));

function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, strict(value)]));
  if (node['x-kubernetes-int-or-string'] === true) {
    delete node.type;
    node.anyOf = [{ type: 'string' }, { type: 'integer' }];
  }
  if (node.properties && node.additionalProperties === undefined && !node['x-kubernetes-preserve-unknown-fields']) {
    node.additionalProperties = false;
  }
  return node;
}

function loadValidators(): Map<string, ValidateFunction> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  for (const file of readdirSync(crdDir).filter((name) => name.endsWith('.yaml'))) {
    for (const document of parseAllDocuments(readFileSync(join(crdDir, file), 'utf8'))) {
      const crd = document.toJS() as Crd | null;
      if (crd?.kind !== 'CustomResourceDefinition') continue;
      for (const version of crd.spec.versions) {
        const schema = strict(version.schema.openAPIV3Schema) as Record<string, unknown>;
        // metadata is the API server's ObjectMeta, checked by the core validator's rules, not the CRD's.
        const properties = { ...(schema.properties as Record<string, unknown>), metadata: { type: 'object' } };
        validators.set(
          `${crd.spec.group}/${version.name} ${crd.spec.names.kind}`,
          ajv.compile({ ...schema, properties }),
        );
      }
    }
  }
  return validators;
}

let validators: Map<string, ValidateFunction> | undefined;

export function isCustomKind(apiVersion: string, kind: string): boolean {
  validators ??= loadValidators();
  return validators.has(`${apiVersion} ${kind}`);
}

/** Errors of a custom resource against its committed CRD, empty when valid. */
export function customResourceErrors(manifest: { apiVersion: string; kind: string }): string[] {
  validators ??= loadValidators();
  const validate = validators.get(`${manifest.apiVersion} ${manifest.kind}`);
  if (!validate) return [`no committed CRD for ${manifest.apiVersion} ${manifest.kind}`];
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? 'invalid'}${error.keyword === 'additionalProperties' ? ` (${JSON.stringify(error.params)})` : ''}`,
  );
}
