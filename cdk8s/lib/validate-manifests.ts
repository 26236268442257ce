import { createRequire } from 'node:module';
import { parseAllDocuments } from 'yaml';
import { isBuiltInKind, unknownFields } from './core-schema.js';
import { customResourceErrors, isCustomKind } from './crd-schema.js';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

const require = createRequire(import.meta.url);

/** kubernetes-models' typed model of a built-in kind (types, formats, required fields). */
function modelErrors(manifest: Manifest): string[] {
  const [group, version] = manifest.apiVersion.includes('/')
    ? manifest.apiVersion.split('/')
    : ['', manifest.apiVersion];
  const module = group
    ? `kubernetes-models/${group}/${version}/${manifest.kind}`
    : `kubernetes-models/${version}/${manifest.kind}`;
  const Model = (require(module) as Record<string, new (data: unknown) => { validate(): void }>)[manifest.kind];
  if (!Model) return [`kubernetes-models has no ${manifest.apiVersion} ${manifest.kind}`];
  try {
    new Model(manifest).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Every problem of one manifest: unknown kind, unknown field, wrong type, missing required field. */
export function manifestErrors(manifest: Manifest): string[] {
  const where = `${manifest.kind}/${manifest.metadata?.name ?? '?'}`;
  let errors: string[];
  if (isBuiltInKind(manifest.apiVersion, manifest.kind))
    errors = [...unknownFields(manifest), ...modelErrors(manifest)];
  else if (isCustomKind(manifest.apiVersion, manifest.kind)) errors = customResourceErrors(manifest);
  else errors = [`unknown kind ${manifest.apiVersion} ${manifest.kind}`];
  return errors.map((error) => `${where}: ${error}`);
}

export function parseManifests(yamlText: string): Manifest[] {
  return parseAllDocuments(yamlText)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}
