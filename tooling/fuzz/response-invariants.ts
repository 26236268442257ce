/*
 * Test-only: what every fuzzed response must satisfy — no 5xx; only statuses, bodies and headers the operation
 * documents (through the shared OpenAPI response validator); errors in the API's contract shape (RFC 7807
 * problem+json on /v1, `{ error, message, code }` on /api); and nothing leaked.
 */
import type { ResponseValidator } from '../testing/openapi-response-validator.js';
import { findLeaks } from './leak-patterns.js';
import type { RawRequest, RawResponse } from './raw-http.js';
import type { FuzzCase } from './request-cases.js';

export type ErrorStyle = 'problem' | 'public';

export interface Finding {
  kind: 'server error' | 'undocumented status' | 'off the document' | 'error shape' | 'leak';
  operationId: string;
  status: number;
  detail: string;
  /** The case's label and the request, enough to send it again. */
  reproduction: string;
}

export interface InvariantOptions {
  style: ErrorStyle;
  /** The document's word on statuses, bodies and headers; absent for requests no operation describes. */
  validator?: ResponseValidator;
  /** Statuses allowed when there is no validator (e.g. 404 and 405 for a method no operation has). */
  statuses?: readonly number[];
  /** The contract's rules on error codes beyond the shape: e.g. each code's status, or an operation's own codes. */
  contractErrors?: (operationId: string, status: number, body: Record<string, unknown>) => string[];
  /** Literal secrets of the deployment under test. */
  secrets: readonly string[];
  /** Leak kinds a response may carry, e.g. the webhook secret of a rotate's 200. */
  allowedLeaks?: (operationId: string, status: number) => readonly string[];
}

const PROBLEM_MEMBERS = ['type', 'title', 'status', 'code', 'detail', 'instance', 'requestId', 'extensions'];
const PUBLIC_MEMBERS = ['error', 'message', 'code', 'retryAfter', 'extensions', 'requestId'];

/** The request as one line of text (body cut short), to reproduce a finding by hand. */
export function describeRequest(request: RawRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value}`)
    .join(' | ');
  const body = request.body ? ` body(${request.body.length}): ${request.body.toString('utf8').slice(0, 120)}` : '';
  const target =
    request.target.length > 200 ? `${request.target.slice(0, 200)}…(${request.target.length})` : request.target;
  return `${request.method} ${target} [${headers}]${body}`;
}

const isString = (value: unknown) => typeof value === 'string' && value.length > 0;

function parseBody(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 7807 as the trading API contract has it: problem+json, type/title/status/code, the code echoed in a header. */
export function problemShapeErrors(response: RawResponse): string[] {
  const errors: string[] = [];
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/problem+json')) errors.push(`content type "${contentType}"`);
  const body = parseBody(response.text);
  if (!body) return [...errors, 'body is not a JSON object'];
  for (const member of ['type', 'title', 'code']) if (!isString(body[member])) errors.push(`no ${member}`);
  if (body.status !== response.status) errors.push(`status member ${String(body.status)}`);
  if (response.headers.get('x-service-error-code') !== body.code) errors.push('X-Service-Error-Code differs from code');
  const extra = Object.keys(body).filter((member) => !PROBLEM_MEMBERS.includes(member));
  if (extra.length > 0) errors.push(`unexpected members ${extra.join(', ')}`);
  return errors;
}

/** The public read API's error body: `error`, then `message` and `code` (all strings) except where only `error` is. */
export function publicShapeErrors(response: RawResponse): string[] {
  const errors: string[] = [];
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/json')) errors.push(`content type "${contentType}"`);
  const body = parseBody(response.text);
  if (!body) return [...errors, 'body is not a JSON object'];
  if (!isString(body.error)) errors.push('no error');
  if ('message' in body && typeof body.message !== 'string') errors.push('message is not a string');
  if ('code' in body && !/^[A-Z][A-Z0-9_]*$/.test(String(body.code))) errors.push(`code ${String(body.code)}`);
  if ('message' in body !== 'code' in body) errors.push('message and code must come together');
  if (response.status === 429 && typeof body.retryAfter !== 'number') errors.push('429 without retryAfter');
  const extra = Object.keys(body).filter((member) => !PUBLIC_MEMBERS.includes(member));
  if (extra.length > 0) errors.push(`unexpected members ${extra.join(', ')}`);
  return errors;
}

const responseText = (response: RawResponse): string =>
  [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n') + '\n\n' + response.text;

const requestText = (request: RawRequest): string =>
  `${decodeSafely(request.target)}\n${request.target}\n${Object.values(request.headers).join('\n')}\n${request.body?.toString('utf8') ?? ''}`;

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every invariant the response of `fuzzCase` to `operationId` breaks ([] when it keeps them all). */
export function checkResponse(
  operationId: string,
  fuzzCase: FuzzCase,
  response: RawResponse,
  options: InvariantOptions,
): Finding[] {
  const reproduction = `${fuzzCase.label} :: ${describeRequest(fuzzCase.request)}`;
  const finding = (kind: Finding['kind'], detail: string): Finding => ({
    kind,
    operationId,
    status: response.status,
    detail,
    reproduction,
  });
  const findings: Finding[] = [];
  if (response.status >= 500) findings.push(finding('server error', response.text.slice(0, 300)));
  // A path that does not decode addresses no operation: the router's 400 (or a 404) is all that may come back.
  const validator = fuzzCase.unrouted ? undefined : options.validator;
  const statuses = fuzzCase.unrouted ? [400, 404] : options.statuses;
  if (validator) {
    const documentErrors = validator.responseErrors(operationId, response);
    const undocumented = documentErrors.filter((error) => error.includes('declares no'));
    if (undocumented.length > 0) findings.push(finding('undocumented status', undocumented.join('; ')));
    else if (documentErrors.length > 0)
      findings.push(finding('off the document', documentErrors.slice(0, 3).join('; ')));
  } else if (statuses && !statuses.includes(response.status)) {
    findings.push(finding('undocumented status', `expected one of ${statuses.join(', ')}`));
  }
  if (response.status >= 400) {
    const shape = options.style === 'problem' ? problemShapeErrors(response) : publicShapeErrors(response);
    const body = parseBody(response.text);
    if (shape.length === 0 && body && options.contractErrors)
      shape.push(...options.contractErrors(operationId, response.status, body));
    if (shape.length > 0) findings.push(finding('error shape', shape.join('; ')));
  }
  const leaks = findLeaks({
    response: responseText(response),
    request: requestText(fuzzCase.request),
    secrets: options.secrets,
    allowedKinds: options.allowedLeaks?.(operationId, response.status),
  });
  for (const leak of leaks) findings.push(finding('leak', `${leak.kind}: ${leak.excerpt}`));
  return findings;
}
