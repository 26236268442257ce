/*
 * Test-only: fast-check arbitraries of whole HTTP requests for one OpenAPI operation — requests the document
 * admits, and the same requests with one thing broken: a parameter off its schema, a required one missing, an
 * unknown or repeated one, a malformed path segment, a body off its schema or not JSON at all, a wrong content type,
 * a missing or unexpected body, or an odd header. Credentials come from the caller (valid, missing, wrong…).
 * Values that only succeed together (a trade's id and its confirmation token, a resolved market and its winning
 * outcome) are the caller's `coherent` values, laid over a share of the requests; `successProbes` are the plainest
 * admitted requests (required parts only, known and coherent values) that each operation's run starts with.
 */
import fc from 'fast-check';
import { asStrings, propertiesOf, resolveSchema, type JsonSchema } from './json-schema.js';
import type { FuzzOperation, OperationParameter } from './openapi-operations.js';
import { headerBytes, type RawRequest } from './raw-http.js';
import { memberArbitrary, valueArbitrary, wireText, type ArbitraryOptions } from './schema-arbitrary.js';
import { invalidArbitrary, unicodeText } from './schema-mutations.js';
import {
  headerMutations,
  malformedJsonBodies,
  oddSegments,
  undecodableSegments,
  wrongContentTypes,
} from './wire-mutations.js';

export interface Credentials {
  label: string;
  headers: Record<string, string>;
}

export interface FuzzCase {
  /** Credentials and mutation, e.g. `valid key · limit: above maximum`. */
  label: string;
  /** False only for a request the document admits, sent with the credentials as labelled. */
  mutated: boolean;
  /** True when the path does not decode: it addresses no operation, so the document has no word on the answer. */
  unrouted?: boolean;
  request: RawRequest;
}

export interface CaseOptions {
  /** The document `$ref`s resolve against. */
  root: JsonSchema;
  /** Prepended to the document's paths (`/v1` when the server URL ends in /v1). */
  pathPrefix?: string;
  /** Values preferred for parameters and body members of these names (ids of rows that exist). */
  known?: Readonly<Record<string, readonly unknown[]>>;
  credentials: fc.Arbitrary<Credentials>;
  /**
   * Values that succeed together, by parameter or top-level body member name (`undefined` leaves that one out):
   * laid over two thirds of the requests, admitted and broken alike, and over every success probe.
   */
  coherent?: fc.Arbitrary<Record<string, unknown>>;
  /** The credentials of a success probe (a valid key; default `credentials`). */
  probeCredentials?: fc.Arbitrary<Credentials>;
}

interface Draft {
  segments: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string | null>;
  body?: Buffer;
  contentType?: string | null;
}

type Parts = Record<string, unknown>;
type Mutation = fc.Arbitrary<[string, (draft: Draft) => void]>;

/** Marks a draft whose path does not decode (see FuzzCase.unrouted). */
const UNROUTED = 'path does not decode';

const keyOf = (parameter: OperationParameter) => `${parameter.in}:${parameter.name}`;
const encode = (value: unknown) => encodeURIComponent(wireText(value));
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

function validParts(operation: FuzzOperation, options: CaseOptions): fc.Arbitrary<Parts> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters) {
    const known = options.known?.[parameter.name];
    // Loose optional headers (a version pin, a signature) are sent only with values known to be right.
    if (parameter.in === 'header' && !parameter.required) {
      if (known?.length) model[keyOf(parameter)] = fc.constantFrom(...known);
      continue;
    }
    const settings: ArbitraryOptions = { root: options.root, known: options.known, location: parameter.in };
    const value = memberArbitrary(parameter.name, parameter.schema, settings);
    // An empty path segment addresses another resource (`/threads/` is the list), not this operation.
    model[keyOf(parameter)] = parameter.in === 'path' ? value.filter((v) => wireText(v) !== '') : value;
    if (parameter.required) required.push(keyOf(parameter));
  }
  if (operation.body) {
    model.body = valueArbitrary(operation.body.schema, { root: options.root, known: options.known });
    if (operation.body.required) required.push('body');
  }
  return fc.record(model, { requiredKeys: required });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `parts` with the coherent values in place: a parameter of that name, else a top-level member of the body. */
function overlay(operation: FuzzOperation, parts: Parts, values: Record<string, unknown>): Parts {
  const next: Parts = { ...parts };
  const body: Record<string, unknown> = isPlainObject(parts.body) ? { ...parts.body } : {};
  for (const [name, value] of Object.entries(values)) {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    const target = parameter ? next : body;
    const key = parameter ? keyOf(parameter) : name;
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
  if (operation.body && (parts.body !== undefined || Object.keys(body).length > 0)) next.body = body;
  return next;
}

/** The parts, with the coherent values laid over two thirds of them. */
function admittedParts(operation: FuzzOperation, options: CaseOptions): fc.Arbitrary<Parts> {
  const parts = validParts(operation, options);
  if (!options.coherent) return parts;
  const coherent = fc.tuple(parts, options.coherent).map(([drawn, values]) => overlay(operation, drawn, values));
  return fc.oneof({ arbitrary: parts, weight: 1 }, { arbitrary: coherent, weight: 2 });
}

/** A value of `name`: one of its known values when there are some, else one its schema admits. */
function plainValue(name: string, schema: unknown, options: CaseOptions, location: ArbitraryOptions['location']) {
  const known = options.known?.[name];
  return known?.length
    ? fc.constantFrom(...known)
    : valueArbitrary(schema, { root: options.root, known: options.known, location });
}

/** Only what the operation requires: its required parameters and the required members of its required body. */
function requiredParts(operation: FuzzOperation, options: CaseOptions): fc.Arbitrary<Parts> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters.filter((candidate) => candidate.required)) {
    const value = plainValue(parameter.name, parameter.schema, options, parameter.in);
    model[keyOf(parameter)] = parameter.in === 'path' ? value.filter((v) => wireText(v) !== '') : value;
  }
  if (operation.body?.required) {
    const schema = resolveSchema(operation.body.schema, { root: options.root });
    const members = asStrings(schema.required);
    const properties = propertiesOf(schema);
    model.body =
      members.length > 0 && Object.keys(properties).length > 0
        ? fc.record(
            Object.fromEntries(members.map((name) => [name, plainValue(name, properties[name], options, 'json')])),
          )
        : valueArbitrary(schema, { root: options.root, known: options.known });
  }
  return fc.record(model);
}

function draftOf(operation: FuzzOperation, parts: Parts, credentials: Credentials): Draft {
  const draft: Draft = { segments: {}, query: [], headers: { ...credentials.headers } };
  for (const parameter of operation.parameters) {
    const value = parts[keyOf(parameter)];
    if (value === undefined) continue;
    if (parameter.in === 'path') draft.segments[parameter.name] = encode(value);
    if (parameter.in === 'query') draft.query.push([encodeURIComponent(parameter.name), encode(value)]);
    if (parameter.in === 'header') draft.headers[parameter.name] = headerBytes(wireText(value));
  }
  if (parts.body !== undefined) draft.body = json(parts.body);
  return draft;
}

function requestOf(operation: FuzzOperation, draft: Draft, prefix: string): RawRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.segments[name] ?? '');
  const query = draft.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.headers)) if (value !== null) headers[name] = value;
  const contentType = draft.contentType === undefined ? (draft.body ? 'application/json' : null) : draft.contentType;
  if (contentType !== null) headers['Content-Type'] = contentType;
  return { method: operation.method, target: `${prefix}${path}${query ? `?${query}` : ''}`, headers, body: draft.body };
}

const setQuery = (draft: Draft, name: string, value: string) => {
  draft.query = [...draft.query.filter(([existing]) => existing !== name), [name, value]];
};

function parameterMutations(operation: FuzzOperation, options: CaseOptions): Mutation[] {
  const found: Mutation[] = [];
  for (const parameter of operation.parameters) {
    const invalid = invalidArbitrary(parameter.schema, { root: options.root, location: parameter.in });
    if (invalid) {
      found.push(
        invalid
          .filter(({ value }) => parameter.in !== 'path' || wireText(value) !== '')
          .map(({ label, value }) => [
            `${parameter.name}: ${label}`,
            (draft) => {
              if (parameter.in === 'path') draft.segments[parameter.name] = encode(value);
              if (parameter.in === 'query') setQuery(draft, encodeURIComponent(parameter.name), encode(value));
              if (parameter.in === 'header') draft.headers[parameter.name] = headerBytes(wireText(value));
            },
          ]),
      );
    }
    if (parameter.in === 'path') {
      found.push(
        oddSegments.map((segment) => [
          `${parameter.name}: odd segment ${segment.slice(0, 12)}`,
          (draft) => void (draft.segments[parameter.name] = segment),
        ]),
        undecodableSegments.map((segment) => [
          `${parameter.name}: ${UNROUTED} (${segment})`,
          (draft) => void (draft.segments[parameter.name] = segment),
        ]),
      );
    }
    if (parameter.in === 'query' && parameter.required) {
      found.push(
        fc.constant([
          `missing required ${parameter.name}`,
          (draft) => void (draft.query = draft.query.filter(([name]) => name !== parameter.name)),
        ]),
      );
    }
    if (parameter.in === 'query') {
      found.push(
        fc
          .oneof(unicodeText, fc.constant('x'.repeat(6_000)))
          .map((text) => [
            `${parameter.name}: ${text.length > 100 ? 'huge' : 'unicode'} value`,
            (draft) => setQuery(draft, encodeURIComponent(parameter.name), encodeURIComponent(text)),
          ]),
        fc
          .oneof(oddSegments, undecodableSegments)
          .map((raw) => [
            `${parameter.name}: raw ${raw.slice(0, 12)}`,
            (draft) => setQuery(draft, encodeURIComponent(parameter.name), raw),
          ]),
        fc.constant([
          `repeated ${parameter.name}`,
          (draft) => {
            const value = draft.query.find(([name]) => name === parameter.name)?.[1] ?? 'x';
            draft.query.push([parameter.name, value], [parameter.name, value]);
          },
        ]),
      );
    }
  }
  found.push(
    fc
      .string({ minLength: 1, maxLength: 12 })
      .map((name) => [
        'unknown query parameter',
        (draft) => void draft.query.push([`fuzz_${encodeURIComponent(name)}`, '1']),
      ]),
  );
  return found;
}

function bodyMutations(operation: FuzzOperation, options: CaseOptions): Mutation[] {
  if (!operation.body) {
    const unexpected: Mutation = fc.constantFrom('{"unexpected":true}', 'not json').map((text) => [
      'unexpected body',
      (draft) => {
        draft.body = Buffer.from(text);
        draft.contentType = 'application/json';
      },
    ]);
    return operation.method === 'GET' ? [] : [unexpected];
  }
  const found: Mutation[] = [
    malformedJsonBodies.map(([label, text]) => [
      `body: ${label}`,
      (draft) => void (draft.body = Buffer.from(text, 'utf8')),
    ]),
    wrongContentTypes.map((type) => [`content type ${type || '(empty)'}`, (draft) => void (draft.contentType = type)]),
    fc.constant(['no content type', (draft) => void (draft.contentType = null)]),
    fc.constant([
      'no body',
      (draft) => {
        draft.body = undefined;
        draft.contentType = null;
      },
    ]),
  ];
  const invalid = invalidArbitrary(operation.body.schema, { root: options.root });
  if (invalid)
    found.push(invalid.map(({ label, value }) => [`body: ${label}`, (draft) => void (draft.body = json(value))]));
  return found;
}

/** Requests for `operation`: mostly admitted ones, the rest with one thing broken. */
export function caseArbitrary(operation: FuzzOperation, options: CaseOptions): fc.Arbitrary<FuzzCase> {
  const prefix = options.pathPrefix ?? '';
  const base = fc.tuple(admittedParts(operation, options), options.credentials);
  const headerMutation: Mutation = headerMutations.map((mutation) => [
    mutation.label,
    (draft) => {
      for (const [name, value] of Object.entries(mutation.headers)) {
        draft.headers[name] = value === null ? null : headerBytes(value);
      }
    },
  ]);
  const mutations = [...parameterMutations(operation, options), ...bodyMutations(operation, options), headerMutation];
  const build = (
    label: string,
    mutated: boolean,
    parts: Parts,
    credentials: Credentials,
    apply?: (draft: Draft) => void,
  ): FuzzCase => {
    const draft = draftOf(operation, parts, credentials);
    apply?.(draft);
    const request = requestOf(operation, draft, prefix);
    const fuzzCase: FuzzCase = { label: `${credentials.label} · ${label}`, mutated, request };
    return label.includes(UNROUTED) ? { ...fuzzCase, unrouted: true } : fuzzCase;
  };
  const valid = base.map(([parts, credentials]) => build('valid', false, parts, credentials));
  const broken = fc
    .tuple(base, fc.oneof(...mutations))
    .map(([[parts, credentials], [label, apply]]) => build(label, true, parts, credentials, apply));
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: broken, weight: 3 });
}

/**
 * The plainest admitted requests of `operation`, made to succeed: its required parts only, known values, the
 * coherent ones over them, sent with the probe credentials. A fuzz run starts with a few (fuzz-run.ts `probes`), so
 * every operation reaches its success path however the random cases fall.
 */
export function successProbes(operation: FuzzOperation, options: CaseOptions): fc.Arbitrary<FuzzCase> {
  const parts = options.coherent
    ? fc
        .tuple(requiredParts(operation, options), options.coherent)
        .map(([drawn, values]) => overlay(operation, drawn, values))
    : requiredParts(operation, options);
  return fc.tuple(parts, options.probeCredentials ?? options.credentials).map(([drawn, credentials]) => ({
    label: `${credentials.label} · success probe`,
    mutated: false,
    request: requestOf(operation, draftOf(operation, drawn, credentials), options.pathPrefix ?? ''),
  }));
}
