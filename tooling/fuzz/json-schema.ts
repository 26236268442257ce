/*
 * Test-only: the JSON Schema subset both OpenAPI documents use, read without a validator: `$ref` resolution inside
 * one document, `allOf` merging, and the few accessors the arbitraries and mutations share.
 */
import { isRecord } from '#shared/runtime/plain-values.js';

export type JsonSchema = Record<string, unknown>;

/** Where a value travels: JSON bodies keep their types; path, query and header values are strings on the wire. */
export type ValueLocation = 'json' | 'path' | 'query' | 'header';

export interface SchemaContext {
  /** The document `#/...` references resolve against. */
  root: JsonSchema;
}

const MAX_REF_HOPS = 20;

/** Follows `$ref` (internal JSON pointers only) until a schema without one; sibling keywords override the target. */
export function resolveSchema(schema: unknown, context: SchemaContext): JsonSchema {
  let current: JsonSchema = isRecord(schema) ? schema : {};
  for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
    if (hops > MAX_REF_HOPS) throw new Error(`reference cycle at ${current.$ref}`);
    const { $ref, ...siblings } = current;
    const target = pointerTarget(context.root, $ref);
    current = { ...target, ...siblings };
  }
  return Array.isArray(current.allOf) ? mergeAllOf(current, context) : current;
}

function pointerTarget(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) throw new Error(`only internal references are supported: ${ref}`);
  const segments = ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  const target = segments.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), root);
  if (!isRecord(target)) throw new Error(`unresolvable reference ${ref}`);
  return target;
}

/** `allOf` as one schema: properties and required lists united, other keywords from the last branch that sets them. */
function mergeAllOf(schema: JsonSchema, context: SchemaContext): JsonSchema {
  const { allOf, ...rest } = schema;
  const branches = (allOf as unknown[]).map((branch) => resolveSchema(branch, context));
  const merged: JsonSchema = {};
  const properties: JsonSchema = {};
  const required = new Set<string>();
  for (const branch of [...branches, rest]) {
    Object.assign(merged, branch);
    if (isRecord(branch.properties)) Object.assign(properties, branch.properties);
    for (const name of asStrings(branch.required)) required.add(name);
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

export const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export const propertiesOf = (schema: JsonSchema): Record<string, unknown> =>
  isRecord(schema.properties) ? schema.properties : {};

/** The schema's types (`type` as a string or a list); inferred from the keywords when absent; [] = anything. */
export function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return asStrings(schema.type);
  if (isRecord(schema.properties) || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  if (typeof schema.pattern === 'string' || schema.format !== undefined) return ['string'];
  return [];
}

/** The schema restricted to one of its types (for `type: [string, 'null']`). */
export const narrowTo = (schema: JsonSchema, type: string): JsonSchema => ({ ...schema, type });

/** A regular expression of the schema's `pattern` (JSON Schema patterns are ECMA-262, unanchored). */
export const patternOf = (schema: JsonSchema): RegExp | undefined =>
  typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;

/** String length as JSON Schema counts it: code points. */
export const codePointLength = (value: string): number => [...value].length;
