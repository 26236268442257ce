/* Test-only: validates real responses against the operation's response schema in the public OpenAPI document. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const DOCUMENT_ID = 'https://foretell.invalid/api/openapi.json';

const pointerSegment = (segment: string): string =>
  encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

export interface ResponseValidator {
  /** Validation errors of `body` as the `status` response of GET `path` (an OpenAPI path template); [] when valid. */
  validate(path: string, status: number, body: unknown): string[];
}

export function createResponseValidator(document: Record<string, unknown>): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const paths = document.paths as Record<string, { get: { responses: Record<string, unknown> } }>;
  return {
    validate(path, status, body) {
      const operation = paths[path]?.get;
      if (!operation) return [`${path} is not documented`];
      if (!operation.responses[String(status)]) return [`${path} does not document status ${status}`];
      const pointer = ['paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema']
        .map(pointerSegment)
        .join('/');
      const check = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      if (check(body)) return [];
      return (check.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
    },
  };
}
