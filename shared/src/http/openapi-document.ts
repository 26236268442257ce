/*
 * The OpenAPI 3.1 documents of both APIs, written in YAML and split over several files (apps/<api>/openapi/**):
 * loaded and merged here, with the values a deployment configures filled in (`${name}` placeholders), and listed as
 * the operations the apps mount (route ids, kill-switch catalogue, per-route settings all come from them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { isRecord } from '../runtime/plain-values.js';
import { parseYamlOneByte } from './one-byte-yaml.js';
import type { HttpMethod } from './route-registrar.js';

export type OpenApiDocument = OpenAPIV3_1.Document;

type Json = Record<string, unknown>;

/** Merges `source` into `target`; the same leaf defined twice is a mistake in the split files and throws. */
export function mergeDocuments(target: Json, source: Json, at = ''): Json {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (isRecord(existing) && isRecord(value)) mergeDocuments(existing, value, `${at}/${key}`);
    else throw new Error(`OpenAPI files define ${at}/${key} twice`);
  }
  return target;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return yamlFiles(path);
      return entry.name.endsWith('.yaml') ? [path] : [];
    })
    .sort();
}

const cached = new Map<string, OpenApiDocument>();

/** Reads and merges every YAML file of the folder (openapi.yaml first, then by path). Cached per folder. */
export function loadOpenApiDocument(dir: string): OpenApiDocument {
  let document = cached.get(dir);
  if (!document) {
    const files = yamlFiles(dir);
    const root = files.find((file) => file.endsWith('/openapi.yaml'));
    if (!root) throw new Error(`no openapi.yaml in ${dir}`);
    const parsed = (file: string): Json => {
      const content = parseYamlOneByte(readFileSync(file, 'utf8'), file);
      if (!isRecord(content)) throw new Error(`${file} is not a YAML mapping (a part of the OpenAPI object)`);
      return content;
    };
    const merged = parsed(root);
    for (const file of files.filter((name) => name !== root)) mergeDocuments(merged, parsed(file));
    // cast: the merged YAML is an API's OpenAPI 3.1 document, linted as such (npm run lint:openapi) and checked
    // against its generated contract types and its routes by each API's tests.
    document = merged as unknown as OpenApiDocument;
    cached.set(dir, document);
  }
  return structuredClone(document);
}

/** Replaces every `${name}` in the document's strings by `values[name]`; an unknown name throws. */
export function fillPlaceholders<T>(value: T, values: Readonly<Record<string, string>>): T {
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      return node.replace(/\$\{(\w+)\}/g, (_match, name: string) => {
        const filled = values[name];
        if (filled === undefined) throw new Error(`OpenAPI placeholder \${${name}} has no value`);
        return filled;
      });
    }
    if (Array.isArray(node)) return node.map(fill);
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, fill(item)]));
    return node;
  };
  // cast: filling strings keeps every node's shape.
  return fill(value) as T;
}

/** An operation of a document's `paths`, with the route it is mounted on. */
export interface DocumentOperation {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path relative to the server, e.g. `/markets/{id}`. */
  specPath: string;
  /** The express path under the API's prefix, e.g. `/v1/markets/:id`. */
  path: string;
  /** Kill-switch, metrics and log id: `GET /v1/markets/:id`. */
  routeId: string;
  /** The operation object itself (its vendor extensions are read by the API that declares them). */
  operation: OpenAPIV3_1.OperationObject & Record<`x-${string}`, unknown>;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document's `paths`, in document order, mounted under `prefix` (`/v1`, or none). */
export function documentOperations(document: OpenApiDocument, prefix = ''): DocumentOperation[] {
  const result: DocumentOperation[] = [];
  for (const [specPath, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item?.[method];
      if (!operation) continue;
      const { operationId } = operation;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${specPath} has no operationId`);
      const path = `${prefix}${specPath.replace(/\{([^}]+)\}/g, ':$1')}`;
      // cast: `method` is one of `methods` (lower-case HTTP methods); its upper case is that HttpMethod.
      const upper = method.toUpperCase() as HttpMethod;
      result.push({ operationId, method: upper, specPath, path, routeId: `${upper} ${path}`, operation });
    }
  }
  return result;
}
