/*
 * Test-only: checks real responses against an OpenAPI 3.1 description (either API's, the source of truth): the
 * status is one the operation declares, the media type is one that response declares, the body matches its schema
 * (problem+json included; empty where no content is declared, e.g. 304), and the headers match the response's
 * header objects.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface ResponseValidatorOptions {
  /** The `$id` the document is registered under (any URI; only references resolve against it). */
  documentId: string;
  /** Headers that a response sending them must declare (clients learn what to expect from the description). */
  describedHeaders?: readonly string[];
}

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export interface ObservedResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface ResponseValidator {
  /** The schema errors of `body` as the `status` response of `operationId` ([] when it conforms). */
  errors(body: unknown, operationId: string, status: number): string[];
  /** Required headers missing, present ones off their schema, our headers sent but not declared. */
  headerErrors(headers: Headers, operationId: string, status: number): string[];
  /** Status, media type, body and headers of a real response ([] when it conforms). */
  responseErrors(operationId: string, response: ObservedResponse): string[];
}

type Json = Record<string, unknown>;

/** A node of the document and the JSON pointer segments that reach it (after following `$ref`s). */
interface Located {
  node: Json;
  at: string[];
}

const fragment = (at: readonly string[]): string =>
  at.map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

const describeErrors = (check: ValidateFunction, where: string): string[] =>
  (check.errors ?? []).map((error) => `${where}${error.instancePath || ''} ${error.message ?? 'is invalid'}`);

export function createOpenApiResponseValidator(document: Json, options: ResponseValidatorOptions): ResponseValidator {
  const DOCUMENT_ID = options.documentId;
  const describedHeaders = options.describedHeaders ?? [];
  const [bodies, headerValues] = [false, true].map((coerceTypes) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    return ajv;
  }) as [Ajv2020, Ajv2020];
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ajv: Ajv2020, at: readonly string[], wrapInValue = false): ValidateFunction => {
    const id = `${String(wrapInValue)}#${fragment(at)}`;
    let check = compiled.get(id);
    if (!check) {
      const ref = { $ref: `${DOCUMENT_ID}#/${fragment(at)}` };
      check = ajv.compile(wrapInValue ? { type: 'object', properties: { value: ref } } : ref);
      compiled.set(id, check);
    }
    return check;
  };

  const nodeAt = (at: readonly string[]): Json =>
    at.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document) as Json;
  const follow = (located: Located): Located => {
    let current = located;
    for (let hops = 0; typeof current.node.$ref === 'string' && hops < 10; hops += 1) {
      const at = current.node.$ref.replace(/^#\//, '').split('/');
      current = { node: nodeAt(at), at };
    }
    return current;
  };

  const operations = new Map<string, string[]>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      const operationId = (operation as Json).operationId;
      if (typeof operationId === 'string') operations.set(operationId, ['paths', path, method]);
    }
  }
  const responseOf = (operationId: string, status: number): Located | string => {
    const at = operations.get(operationId);
    if (!at) return `unknown operation ${operationId}`;
    const responses = (nodeAt(at).responses ?? {}) as Json;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) return `${operationId} declares no ${status} response`;
    return follow({ node: responses[key] as Json, at: [...at, 'responses', key] });
  };
  const validateBody = (response: Located, mediaType: string, body: unknown): string[] => {
    const check = validatorAt(bodies, [...response.at, 'content', mediaType, 'schema']);
    return check(body) ? [] : describeErrors(check, 'body');
  };

  function errors(body: unknown, operationId: string, status: number): string[] {
    const response = responseOf(operationId, status);
    if (typeof response === 'string') return [response];
    const mediaTypes = Object.keys((response.node.content ?? {}) as Json);
    const mediaType = ['application/json', 'application/problem+json'].find((type) => mediaTypes.includes(type));
    if (mediaType) return validateBody(response, mediaType, body);
    return mediaTypes.length === 0 ? [] : [`${operationId} ${status} has no JSON content to validate`];
  }

  function headerErrors(headers: Headers, operationId: string, status: number): string[] {
    const response = responseOf(operationId, status);
    if (typeof response === 'string') return [response];
    const problems: string[] = [];
    const declared = new Set<string>();
    for (const name of Object.keys((response.node.headers ?? {}) as Json)) {
      declared.add(name.toLowerCase());
      const header = follow({ node: nodeAt([...response.at, 'headers', name]), at: [...response.at, 'headers', name] });
      const value = headers.get(name);
      if (value === null) {
        if (header.node.required === true) problems.push(`required header ${name} is missing`);
        continue;
      }
      const check = validatorAt(headerValues, [...header.at, 'schema'], true);
      if (!check({ value })) problems.push(...describeErrors(check, `header ${name}: "${value}"`));
    }
    for (const name of describedHeaders) {
      if (headers.has(name) && !declared.has(name)) problems.push(`header ${name} is sent but not declared`);
    }
    for (const name of RATE_LIMIT_HEADERS) {
      const value = headers.get(name);
      if (value !== null && !/^[0-9]+$/.test(value)) problems.push(`header ${name}: "${value}" is not an integer`);
    }
    return problems;
  }

  function responseErrors(operationId: string, observed: ObservedResponse): string[] {
    const response = responseOf(operationId, observed.status);
    if (typeof response === 'string') return [response];
    const problems = headerErrors(observed.headers, operationId, observed.status);
    const content = (response.node.content ?? {}) as Json;
    if (Object.keys(content).length === 0) {
      if (observed.text !== '') problems.push(`body must be empty, got ${observed.text.length} characters`);
      return problems;
    }
    const mediaType = (observed.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(mediaType in content)) return [...problems, `content type "${mediaType}" is not declared`];
    let body: unknown = observed.text;
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
      try {
        body = JSON.parse(observed.text) as unknown;
      } catch {
        return [...problems, 'body is not JSON'];
      }
    }
    return [...problems, ...validateBody(response, mediaType, body)];
  }

  return { errors, headerErrors, responseErrors };
}
