import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Strict field check of built-in Kubernetes objects: every field must exist in the Kubernetes 1.34 API, read from
 * the type information cdk8s-plus-34 ships (its `k8s.*` structs are generated from the Kubernetes OpenAPI). This is
 * what `kubectl apply --validate=strict` refuses; kubernetes-models checks types and required fields on top.
 */
interface TypeRef {
  primitive?: string;
  fqn?: string;
  collection?: { kind: 'array' | 'map'; elementtype: TypeRef };
  union?: { types: TypeRef[] };
}
interface JsiiType {
  kind: 'class' | 'interface' | 'enum';
  docs?: { custom?: { schema?: string } };
  properties?: Array<{ name: string; type: TypeRef }>;
  initializer?: { parameters?: Array<{ type: TypeRef }> };
}

const require = createRequire(import.meta.url);
const packageDir = dirname(dirname(require.resolve('cdk8s-plus-34')));
const types = (JSON.parse(readFileSync(join(packageDir, '.jsii'), 'utf8')) as { types: Record<string, JsiiType> })
  .types;

/** io.k8s.api.<group>.<version>.<Kind> → the props struct of its `Kube*` construct. */
const propsBySchema = new Map<string, string>();
for (const type of Object.values(types)) {
  const schema = type.docs?.custom?.schema;
  const props = type.initializer?.parameters?.[2]?.type.fqn;
  if (type.kind === 'class' && schema && props) propsBySchema.set(schema, props);
}

function schemaId(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  return `io.k8s.api.${group!.replace(/\.k8s\.io$/, '').split('.')[0]}.${version}.${kind}`;
}

export function isBuiltInKind(apiVersion: string, kind: string): boolean {
  return propsBySchema.has(schemaId(apiVersion, kind));
}

/** Paths of fields the Kubernetes API does not know (or of values of the wrong shape), empty when strict-valid. */
export function unknownFields(manifest: { apiVersion: string; kind: string }): string[] {
  const props = propsBySchema.get(schemaId(manifest.apiVersion, manifest.kind));
  if (!props) return [`${manifest.apiVersion} ${manifest.kind} is not a built-in kind`];
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = manifest as Record<string, unknown>;
  const problems: string[] = [];
  walk(rest, { fqn: props }, '', problems);
  return problems;
}

function walk(value: unknown, ref: TypeRef, path: string, problems: string[]): void {
  if (ref.union) {
    const fits = ref.union.types.some((candidate) => {
      const nested: string[] = [];
      walk(value, candidate, path, nested);
      return nested.length === 0;
    });
    if (!fits) problems.push(`${path}: does not match any allowed type`);
    return;
  }
  if (ref.primitive) {
    const expected = ref.primitive === 'date' ? 'string' : ref.primitive;
    if (expected !== 'any' && expected !== 'json' && typeof value !== expected) {
      problems.push(`${path}: expected ${expected}`);
    }
    return;
  }
  if (ref.collection) {
    const { kind, elementtype } = ref.collection;
    if (kind === 'array') {
      if (!Array.isArray(value)) problems.push(`${path}: expected an array`);
      else value.forEach((item, index) => walk(item, elementtype, `${path}[${index}]`, problems));
    } else if (!isObject(value)) problems.push(`${path}: expected a map`);
    else for (const [key, item] of Object.entries(value)) walk(item, elementtype, `${path}.${key}`, problems);
    return;
  }
  const type = ref.fqn ? types[ref.fqn] : undefined;
  if (!type) return; // constructs.Construct and the like never appear in a manifest
  if (type.kind === 'enum') {
    if (typeof value !== 'string') problems.push(`${path}: expected a string`);
  } else if (type.kind === 'class') {
    // IntOrString, Quantity: a string or a number on the wire.
    if (typeof value !== 'string' && typeof value !== 'number') problems.push(`${path}: expected a string or number`);
  } else if (!isObject(value)) {
    problems.push(`${path}: expected an object`);
  } else {
    const properties = new Map((type.properties ?? []).map((property) => [property.name, property.type]));
    for (const [key, item] of Object.entries(value)) {
      const propertyType = properties.get(key);
      if (!propertyType) problems.push(`${path}.${key}: unknown field`);
      else walk(item, propertyType, `${path}.${key}`, problems);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
