/*
 * Test-only: fast-check arbitraries of values a JSON Schema admits (the subset the OpenAPI documents use: type and
 * type lists, enum, const, pattern, min/maxLength, format, minimum/maximum, multipleOf, properties/required/
 * additionalProperties/propertyNames/maxProperties, items/min/maxItems, oneOf/anyOf/allOf and $ref).
 */
import fc from 'fast-check';
import {
  asNumber,
  asStrings,
  codePointLength,
  narrowTo,
  patternOf,
  propertiesOf,
  resolveSchema,
  typesOf,
  type JsonSchema,
  type SchemaContext,
  type ValueLocation,
} from './json-schema.js';

export interface ArbitraryOptions extends SchemaContext {
  /** Values to prefer for members or parameters of these names (existing ids, so requests reach real rows). */
  known?: Readonly<Record<string, readonly unknown[]>>;
  /** Where the value travels; header values are printable ASCII. Default `json`. */
  location?: ValueLocation;
}

const MAX_DEPTH = 6;
const DEFAULT_MAX_LENGTH = 24;
const DEFAULT_MAX_ITEMS = 4;

/** Lookaheads (`(?=…)`) cannot be generated from; the pattern without them, filtered by the real one, can. */
function patternArbitrary(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    const relaxed = new RegExp(pattern.source.replace(/\(\?[=!][^)]*\)/g, ''), pattern.flags);
    return fc.stringMatching(relaxed).filter((value) => pattern.test(value));
  }
}

function stringArbitrary(schema: JsonSchema, location: ValueLocation): fc.Arbitrary<string> {
  const minLength = asNumber(schema.minLength) ?? 0;
  const maxLength = asNumber(schema.maxLength) ?? Math.max(minLength, DEFAULT_MAX_LENGTH);
  const fits = (value: string) => {
    const length = codePointLength(value);
    return length >= minLength && length <= maxLength;
  };
  const pattern = patternOf(schema);
  if (pattern) return patternArbitrary(pattern).filter(fits);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  const cap = Math.min(maxLength, minLength + DEFAULT_MAX_LENGTH);
  if (location === 'header') {
    // Header values are visible ASCII; surrounding whitespace is not part of a field value.
    return fc
      .string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
        minLength,
        maxLength: cap,
      })
      .filter(fits);
  }
  if (location === 'json') return fc.string({ unit: jsonStringUnit, minLength, maxLength: cap }).filter(fits);
  return fc.string({ unit: 'binary', minLength, maxLength: cap }).filter(fits);
}

/**
 * One code point of a JSON string; now and then an unpaired surrogate, which JSON can carry as an escape (`\ud800`)
 * and JSON Schema admits, but no UTF-8 database column can store.
 */
const jsonStringUnit = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 30 },
  { arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)), weight: 1 },
);

/** Decimal places of a multipleOf (0.01 → 2), so multiples print without floating-point noise. */
const decimalsOf = (step: number): number => (String(step).split('.')[1] ?? '').length;

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMinimum = asNumber(schema.exclusiveMinimum);
  const exclusiveMaximum = asNumber(schema.exclusiveMaximum);
  const minimum = asNumber(schema.minimum) ?? (exclusiveMinimum !== undefined ? exclusiveMinimum : -1e9);
  const maximum = asNumber(schema.maximum) ?? (exclusiveMaximum !== undefined ? exclusiveMaximum : 1e9);
  const step = asNumber(schema.multipleOf) ?? (integer ? 1 : undefined);
  if (step !== undefined) {
    const low = Math.ceil(minimum / step);
    const high = Math.floor(maximum / step);
    const decimals = decimalsOf(step);
    return fc
      .integer({ min: low, max: high })
      .map((multiple) => Number((multiple * step).toFixed(decimals)))
      .filter((value) => value !== exclusiveMinimum && value !== exclusiveMaximum);
  }
  return fc
    .double({ min: minimum, max: maximum, noNaN: true, noDefaultInfinity: true })
    .filter((value) => value !== exclusiveMinimum && value !== exclusiveMaximum && !Object.is(value, -0));
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  if (names.length > 0) {
    const model = Object.fromEntries(
      names.map((name) => [name, memberArbitrary(name, properties[name], options, depth + 1)]),
    );
    const required = asStrings(schema.required).filter((name) => names.includes(name));
    return fc.record(model, { requiredKeys: required });
  }
  const extra = schema.additionalProperties;
  if (extra === false) return fc.constant({});
  const keys = schema.propertyNames
    ? valueArbitrary(schema.propertyNames, options, depth + 1).map(String)
    : fc.string({ minLength: 1, maxLength: 16 });
  const values = typeof extra === 'object' && extra !== null ? valueArbitrary(extra, options, depth + 1) : fc.string();
  const maxKeys = Math.min(asNumber(schema.maxProperties) ?? DEFAULT_MAX_ITEMS, DEFAULT_MAX_ITEMS);
  return fc.dictionary(keys, values, { maxKeys, noNullPrototype: true });
}

function arrayArbitrary(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = asNumber(schema.minItems) ?? 0;
  const maxLength = Math.min(asNumber(schema.maxItems) ?? minLength + DEFAULT_MAX_ITEMS, minLength + DEFAULT_MAX_ITEMS);
  const items = valueArbitrary(schema.items ?? {}, options, depth + 1);
  if (schema.uniqueItems === true) {
    return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
  }
  return fc.array(items, { minLength, maxLength });
}

/** A member or parameter named `name`: its known values most of the time, else anything its schema admits. */
export function memberArbitrary(
  name: string,
  schema: unknown,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  const generated = valueArbitrary(schema, options, depth);
  const known = options.known?.[name];
  if (!known || known.length === 0) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 });
}

function typedArbitrary(schema: JsonSchema, type: string, options: ArbitraryOptions, depth: number) {
  const location = options.location ?? 'json';
  switch (type) {
    case 'string':
      return stringArbitrary(schema, location);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, options, depth);
    case 'object':
      return objectArbitrary(schema, options, depth);
    default:
      throw new Error(`unsupported schema type ${type}`);
  }
}

/** Any value `schema` admits. */
export function valueArbitrary(schema: unknown, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema, options);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as unknown[]));
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : resolved.anyOf;
  if (Array.isArray(branches)) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = resolved;
    return fc.oneof(
      ...branches.map((branch) => valueArbitrary({ ...shared, ...resolveSchema(branch, options) }, options, depth)),
    );
  }
  const types = typesOf(resolved);
  if (types.length === 0) return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => typedArbitrary(narrowTo(resolved, type), type, options, depth)));
}

/** A value as it travels in a path segment, query string or header: its text (arrays joined with commas). */
export function wireText(value: unknown): string {
  if (Array.isArray(value)) return value.map(wireText).join(',');
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
