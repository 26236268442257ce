/* Test-only: validates real responses against the operation's response schema in the public OpenAPI document. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const DOCUMENT_ID = 'https://foretell.invalid/api/openapi.json';

const pointerSegment = (segment: string): string =>
  encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

export interface ResponseValidator {
  /** Validation errors of `body` as the `status` response of GET `path` (an OpenAPI path template); [] when valid. */
  validate(path: string, status: number, body: unknown): string[];
  /** Declared headers of that response that are missing (when required) or do not match their schema. */
  validateHeaders(path: string, status: number, headers: Headers): string[];
}

interface HeaderObject {
  required?: boolean;
  schema: Record<string, unknown>;
}

/** A header's text as the JSON value its schema describes (integers as numbers). */
const headerValue = (schema: Record<string, unknown>, text: string): unknown =>
  schema.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;

export function createResponseValidator(document: Record<string, unknown>): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const paths = document.paths as Record<string, { get: { responses: Record<string, { headers?: object }> } }>;
  return {
    validateHeaders(path, status, headers) {
      const declared = (paths[path]?.get.responses[String(status)]?.headers ?? {}) as Record<string, HeaderObject>;
      const problems: string[] = [];
      for (const [name, header] of Object.entries(declared)) {
        const text = headers.get(name);
        if (text === null) {
          if (header.required) problems.push(`header ${name} is missing`);
          continue;
        }
        const check = ajv.compile(header.schema);
        if (!check(headerValue(header.schema, text)))
          problems.push(`header ${name}: ${JSON.stringify(text)} does not match`);
      }
      return problems;
    },
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
