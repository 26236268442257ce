import { validateHeaderName, validateHeaderValue } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { JsonSchema } from './json-schema.js';
import { undescribedMethodCases } from './method-cases.js';
import { operationsOf } from './openapi-operations.js';
import { caseArbitrary, successProbes, type Credentials } from './request-cases.js';

const document: JsonSchema = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: {
        operationId: 'getThing',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'side', in: 'query', required: true, schema: { type: 'string', enum: ['buy', 'sell'] } },
          { name: 'X-Version', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' }, '404': { description: 'missing' } },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewThing' } } },
        },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } } },
    schemas: {
      NewThing: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1, maxLength: 10 }, count: { type: 'integer', minimum: 0 } },
      },
    },
  },
};

const [getThing, createThing] = operationsOf(document);
const credentials: fc.Arbitrary<Credentials> = fc.constantFrom<Credentials>(
  { label: 'valid key', headers: { 'X-API-Key': 'k' } },
  { label: 'no key', headers: {} },
);
const ajv = new Ajv2020({ strict: false, coerceTypes: true });
addFormats.default(ajv);
const validQuery = ajv.compile({
  type: 'object',
  required: ['side'],
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, side: { enum: ['buy', 'sell'] } },
});
const validBody = ajv.compile((document.components as { schemas: { NewThing: object } }).schemas.NewThing);

describe('operationsOf', () => {
  it('reads operations with path-level parameters, resolved references, the JSON body and the statuses', () => {
    expect(getThing).toMatchObject({
      operationId: 'getThing',
      method: 'GET',
      path: '/things/{id}',
      statuses: ['200', '404'],
    });
    expect(getThing!.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'path:id:true',
      'query:limit:false',
      'query:side:true',
      'header:X-Version:false',
    ]);
    expect(createThing).toMatchObject({ operationId: 'createThing', method: 'POST', body: { required: true } });
  });
});

describe('caseArbitrary', () => {
  it('builds admitted requests the document accepts: path, query and body', () => {
    const cases = fc.sample(caseArbitrary(getThing!, { root: document, pathPrefix: '/v1', credentials }), {
      numRuns: 300,
      seed: 1,
    });
    const admitted = cases.filter((fuzzCase) => !fuzzCase.mutated);
    expect(admitted.length).toBeGreaterThan(60);
    expect(cases.length - admitted.length).toBeGreaterThan(60);
    for (const { request } of admitted) {
      const url = new URL(request.target, 'http://fuzz.invalid');
      expect(url.pathname).toMatch(/^\/v1\/things\/[0-9a-f-]{36}$/i);
      expect(validQuery(Object.fromEntries(url.searchParams))).toBe(true);
      // A loose optional header is sent only with known values: none here.
      expect(request.headers['X-Version']).toBeUndefined();
    }
    const bodies = fc.sample(caseArbitrary(createThing!, { root: document, credentials }), { numRuns: 200, seed: 2 });
    for (const { request, mutated } of bodies.filter((fuzzCase) => !fuzzCase.mutated)) {
      expect(mutated).toBe(false);
      expect(request.headers['Content-Type']).toBe('application/json');
      expect(validBody(JSON.parse(request.body!.toString('utf8')))).toBe(true);
    }
  });

  it('breaks one thing per mutated request and says what in its label', () => {
    const labels = fc
      .sample(caseArbitrary(createThing!, { root: document, credentials }), { numRuns: 1_500, seed: 3 })
      .filter((fuzzCase) => fuzzCase.mutated)
      .map((fuzzCase) => fuzzCase.label.split(' · ')[1]!);
    for (const expected of [
      'body: missing required name',
      'body: extra member',
      'body: deep nesting',
      'no body',
      'content type text/plain',
      'unknown query parameter',
      'odd Idempotency-Key',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it('only builds requests node can send: valid header names and values, whatever the mutation', () => {
    const cases = fc.sample(caseArbitrary(getThing!, { root: document, credentials }), { numRuns: 1_000, seed: 4 });
    for (const { request } of cases) {
      for (const [name, value] of Object.entries(request.headers)) {
        expect(() => validateHeaderName(name)).not.toThrow();
        expect(() => validateHeaderValue(name, value)).not.toThrow();
      }
      expect(request.target.startsWith('/things/')).toBe(true);
      expect(request.target).not.toMatch(/^\/things\/(\?|$)/);
    }
  });

  it('marks a path that does not decode as addressing no operation, and only that', () => {
    const cases = fc.sample(caseArbitrary(getThing!, { root: document, credentials }), { numRuns: 2_000, seed: 7 });
    const unrouted = cases.filter((fuzzCase) => fuzzCase.unrouted);
    expect(unrouted.length).toBeGreaterThan(0);
    for (const fuzzCase of cases) {
      expect(fuzzCase.unrouted === true).toBe(fuzzCase.label.includes('path does not decode'));
    }
    for (const { request } of unrouted) expect(() => decodeURIComponent(request.target.split('?')[0]!)).toThrow();
  });

  it('prefers known ids for the path', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const cases = fc.sample(caseArbitrary(getThing!, { root: document, credentials, known: { id: [id] } }), {
      numRuns: 200,
      seed: 5,
    });
    const valid = cases.filter((fuzzCase) => !fuzzCase.mutated);
    expect(valid.filter((fuzzCase) => fuzzCase.request.target.startsWith(`/things/${id}`)).length).toBeGreaterThan(
      valid.length / 2,
    );
  });
});

describe('coherent values and success probes', () => {
  const id = '11111111-2222-4333-8444-555555555555';
  const coherent = fc.constantFrom({ id, side: 'sell', limit: undefined }, { id, side: 'buy', limit: undefined });

  it('lays values that succeed together over two thirds of the requests, leaving out the undefined ones', () => {
    const cases = fc.sample(caseArbitrary(getThing!, { root: document, credentials, coherent }), {
      numRuns: 600,
      seed: 8,
    });
    const admitted = cases.filter((fuzzCase) => !fuzzCase.mutated);
    const together = admitted.filter(({ request }) => {
      const url = new URL(request.target, 'http://fuzz.invalid');
      return url.pathname === `/things/${id}` && !url.searchParams.has('limit');
    });
    expect(together.length / admitted.length).toBeGreaterThan(0.55);
    expect(together.length / admitted.length).toBeLessThan(0.8);
    // The rest still draws from the schema.
    expect(admitted.some(({ request }) => request.target.includes('limit='))).toBe(true);
    for (const { request } of admitted)
      expect(validQuery(Object.fromEntries(new URL(request.target, 'http://x').searchParams))).toBe(true);
  });

  it('puts coherent values into the body by member name', () => {
    const body = fc.constant({ name: 'paired', count: undefined });
    const admitted = fc
      .sample(caseArbitrary(createThing!, { root: document, credentials, coherent: body }), { numRuns: 300, seed: 9 })
      .filter((fuzzCase) => !fuzzCase.mutated)
      .map(({ request }) => JSON.parse(request.body!.toString('utf8')) as Record<string, unknown>);
    expect(admitted.filter((value) => value.name === 'paired' && !('count' in value)).length).toBeGreaterThan(
      admitted.length / 2,
    );
  });

  it('probes with required parts only, known and coherent values, and the probe credentials', () => {
    const valid = fc.constant<Credentials>({ label: 'valid key', headers: { 'X-API-Key': 'k' } });
    const probes = fc.sample(
      successProbes(getThing!, {
        root: document,
        pathPrefix: '/v1',
        credentials,
        probeCredentials: valid,
        known: { side: ['buy'] },
        coherent: fc.constant({ id }),
      }),
      { numRuns: 20, seed: 10 },
    );
    expect(new Set(probes.map(({ label, mutated, request }) => JSON.stringify({ label, mutated, request })))).toEqual(
      new Set([
        JSON.stringify({
          label: 'valid key · success probe',
          mutated: false,
          request: { method: 'GET', target: `/v1/things/${id}?side=buy`, headers: { 'X-API-Key': 'k' } },
        }),
      ]),
    );
    const bodies = fc
      .sample(successProbes(createThing!, { root: document, credentials }), { numRuns: 50, seed: 11 })
      .map(({ request }) => JSON.parse(request.body!.toString('utf8')) as Record<string, unknown>);
    for (const value of bodies) {
      expect(Object.keys(value)).toEqual(['name']);
      expect(validBody(value)).toBe(true);
    }
  });
});

describe('undescribedMethodCases', () => {
  it('sends admitted requests of each path with a method none of its operations has', () => {
    const cases = fc.sample(
      undescribedMethodCases([getThing!, createThing!], () => ({ root: document, credentials })),
      { numRuns: 300, seed: 6 },
    );
    const seen = new Set(
      cases.map(({ request }) => `${request.method} ${request.target.split('?')[0]!.split('/')[1]}`),
    );
    expect(seen.has('GET things')).toBe(true); // GET /things (only POST is described)
    for (const { request } of cases) {
      const isItem = /^\/things\/[^/?]+/.test(request.target);
      expect(isItem ? request.method !== 'GET' : request.method !== 'POST').toBe(true);
    }
  });
});
