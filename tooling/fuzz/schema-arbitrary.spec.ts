import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { JsonSchema, ValueLocation } from './json-schema.js';
import { valueArbitrary, wireText } from './schema-arbitrary.js';
import { invalidArbitrary } from './schema-mutations.js';

/** Every keyword of the subset the two OpenAPI documents use, as component schemas of one document. */
const document: JsonSchema = {
  components: {
    schemas: {
      Uuid: { type: 'string', format: 'uuid' },
      Amount: { type: 'string', pattern: '^[0-9]+(\\.[0-9]{1,6})?$', maxLength: 32 },
      Positive: { type: 'string', pattern: '^(?=[0-9]{1,78}$)0*[1-9][0-9]*$' },
      Side: { type: 'string', enum: ['buy', 'sell'] },
      Metadata: {
        type: 'object',
        maxProperties: 10,
        propertyNames: { pattern: '^[A-Za-z0-9_\\-.]{1,64}$' },
        additionalProperties: { type: 'string', maxLength: 500 },
      },
      Trade: {
        type: 'object',
        additionalProperties: false,
        required: ['marketId', 'outcomeIndex', 'amount', 'side'],
        properties: {
          marketId: { $ref: '#/components/schemas/Uuid' },
          outcomeIndex: { type: 'integer', minimum: 0 },
          amount: { $ref: '#/components/schemas/Amount' },
          side: { $ref: '#/components/schemas/Side' },
          metadata: { $ref: '#/components/schemas/Metadata' },
          at: { type: 'string', format: 'date-time' },
        },
      },
      Nullable: { oneOf: [{ $ref: '#/components/schemas/Trade' }, { type: 'null' }] },
      Either: { anyOf: [{ type: 'integer', minimum: 5, maximum: 9 }, { type: 'boolean' }] },
      Both: {
        allOf: [
          { type: 'object', required: ['a'], properties: { a: { const: 'x' } } },
          { required: ['b'], properties: { b: { type: ['string', 'null'], minLength: 2, maxLength: 3 } } },
        ],
      },
      Cents: { type: 'number', minimum: 1, maximum: 10000, multipleOf: 0.01 },
      Tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 8 }, minItems: 1, maxItems: 3 },
      Limit: { type: 'integer', minimum: 1, maximum: 100 },
      Flag: { type: 'boolean' },
    },
  },
};
const names = Object.keys((document.components as JsonSchema).schemas as JsonSchema);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function validatorFor(coerceTypes: boolean) {
  const ajv = new Ajv2020({ strict: false, coerceTypes: coerceTypes ? 'array' : false, multipleOfPrecision: 9 });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'https://fuzz.invalid/doc' });
  return (name: string, value: unknown) => {
    const check = ajv.compile({
      type: 'object',
      properties: { value: { $ref: `https://fuzz.invalid/doc#/components/schemas/${name}` } },
    });
    return check({ value });
  };
}
const json = validatorFor(false);
const wire = validatorFor(true);
const wireNames = ['Uuid', 'Amount', 'Positive', 'Side', 'Cents', 'Limit', 'Flag', 'Tags'];
const wireValue = (name: string, text: string): unknown => (name === 'Tags' ? text.split(',') : text);

describe('valueArbitrary', () => {
  it.each(names)('generates only values %s admits', (name) => {
    fc.assert(
      fc.property(valueArbitrary(ref(name), { root: document }), (value) => {
        expect({ name, value, valid: json(name, value) }).toEqual({ name, value, valid: true });
      }),
      { numRuns: 150, seed: 17 },
    );
  });

  it.each(wireNames)('generates %s values that stay valid as query text', (name) => {
    const location: ValueLocation = 'query';
    fc.assert(
      fc.property(valueArbitrary(ref(name), { root: document, location }), (value) => {
        expect(wire(name, wireValue(name, wireText(value)))).toBe(true);
      }),
      { numRuns: 100, seed: 17 },
    );
  });

  it('prefers the known values of a named member', () => {
    const known = '11111111-2222-4333-8444-555555555555';
    const values = fc.sample(valueArbitrary(ref('Trade'), { root: document, known: { marketId: [known] } }), {
      numRuns: 200,
      seed: 3,
    }) as Array<{ marketId: string }>;
    const share = values.filter((value) => value.marketId === known).length / values.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(1);
  });

  it('now and then puts an unpaired surrogate in a JSON string (an escape JSON carries and no UTF-8 column stores)', () => {
    const values = fc.sample(valueArbitrary({ type: 'string', maxLength: 500 }, { root: document }), {
      numRuns: 400,
      seed: 9,
    }) as string[];
    const unpaired = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(values.some((value) => unpaired.test(value))).toBe(true);
  });

  it('generates printable ASCII for header values', () => {
    const values = fc.sample(valueArbitrary({ type: 'string' }, { root: document, location: 'header' }), 200);
    for (const value of values) expect(value).toMatch(/^[\x21-\x7e]*$/);
  });

  it('refuses references it cannot resolve', () => {
    expect(() => valueArbitrary({ $ref: '#/components/schemas/Nope' }, { root: document })).toThrow('unresolvable');
  });
});

describe('invalidArbitrary', () => {
  it.each(names)('generates only values %s refuses, labelled', (name) => {
    const arbitrary = invalidArbitrary(ref(name), { root: document });
    expect(arbitrary).toBeDefined();
    fc.assert(
      fc.property(arbitrary!, ({ label, value }) => {
        expect({ name, label, value, valid: json(name, value) }).toEqual({ name, label, value, valid: false });
      }),
      { numRuns: 200, seed: 17 },
    );
  });

  it.each(wireNames)('generates %s query text that stays invalid after coercion', (name) => {
    const arbitrary = invalidArbitrary(ref(name), { root: document, location: 'query' });
    fc.assert(
      fc.property(arbitrary!, ({ label, value }) => {
        const text = wireText(value);
        expect({ name, label, text, valid: wire(name, wireValue(name, text)) }).toEqual({
          name,
          label,
          text,
          valid: false,
        });
      }),
      { numRuns: 150, seed: 17 },
    );
  });

  it('covers missing members, extra members and bad nested values of an object', () => {
    const labels = new Set(
      fc.sample(invalidArbitrary(ref('Trade'), { root: document })!, { numRuns: 3000, seed: 5 }).map((m) => m.label),
    );
    expect([...labels]).toEqual(
      expect.arrayContaining([
        'missing required marketId',
        'extra member',
        'amount: off pattern',
        'metadata: bad member name',
      ]),
    );
  });

  it('has nothing to break in a string without constraints on the wire', () => {
    expect(invalidArbitrary({ type: 'string' }, { root: document, location: 'query' })).toBeUndefined();
  });
});
