import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';

/** apps/trading-api/openapi: the source of truth, split over several YAML files. */
export const OPENAPI_DIR = fileURLToPath(new URL('../../openapi/', import.meta.url));

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `source` into `target`; the same leaf defined twice is a mistake in the split files and throws. */
export function mergeDocuments(target: Json, source: Json, at = ''): Json {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (isObject(existing) && isObject(value)) mergeDocuments(existing, value, `${at}/${key}`);
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

let cached: OpenAPIV3_1.Document | undefined;

/** Reads and merges every YAML file of the folder (openapi.yaml first). The result is cached per process. */
export function loadOpenApiDocument(dir: string = OPENAPI_DIR): OpenAPIV3_1.Document {
  if (dir === OPENAPI_DIR && cached) return structuredClone(cached);
  const files = yamlFiles(dir);
  const root = files.find((file) => file.endsWith('/openapi.yaml'));
  if (!root) throw new Error(`no openapi.yaml in ${dir}`);
  const document: Json = parse(readFileSync(root, 'utf8'));
  for (const file of files.filter((name) => name !== root)) {
    mergeDocuments(document, parse(readFileSync(file, 'utf8')));
  }
  // cast: the merged YAML is the project's OpenAPI 3.1 document, linted as such (npm run lint:openapi) and checked
  // against the generated contract types and the routes by the openapi specs.
  const result = document as unknown as OpenAPIV3_1.Document;
  if (dir === OPENAPI_DIR) cached = result;
  return structuredClone(result);
}
