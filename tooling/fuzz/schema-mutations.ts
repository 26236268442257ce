/*
 * Test-only: fast-check arbitraries of values a JSON Schema refuses, each labelled with what it breaks (wrong type,
 * out of bounds, off pattern or format, not in the enum, missing required member, extra member, too many items…).
 * Values for path, query and header locations are strings, as they travel.
 */
import fc from 'fast-check';
import {
  asNumber,
  asStrings,
  narrowTo,
  patternOf,
  propertiesOf,
  resolveSchema,
  typesOf,
  type JsonSchema,
} from './json-schema.js';
import { valueArbitrary, type ArbitraryOptions } from './schema-arbitrary.js';

export interface Mutant {
  /** What the value breaks, e.g. `above maximum`. */
  label: string;
  value: unknown;
}

const MAX_DEPTH = 4;
const mutant = (label: string, value: unknown): Mutant => ({ label, value });

/** Strings from across Unicode: astral emoji, right-to-left marks, NUL, combining marks. */
export const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  fc.constantFrom('😀🚀', '\u202Eevil', 'a\u0000b', 'e\u0301\u0301', '\uFEFF', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'ﷺ', '\u2028'),
);

const sampleOfType: Record<string, unknown> = {
  string: 'text',
  integer: 7,
  number: 1.5,
  boolean: true,
  null: null,
  array: [1],
  object: { a: 1 },
};

function admitsType(types: readonly string[], value: unknown): boolean {
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number')
    return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(typeof value);
}

function wrongTypes(types: readonly string[]): Mutant[] {
  if (types.length === 0) return [];
  return Object.entries(sampleOfType)
    .filter(([, value]) => !admitsType(types, value))
    .map(([type, value]) => mutant(`wrong type ${type}`, value));
}

function numberMutants(schema: JsonSchema, integer: boolean, asText: boolean): Mutant[] {
  const found: Mutant[] = [];
  const minimum = asNumber(schema.minimum);
  const maximum = asNumber(schema.maximum);
  if (minimum !== undefined) found.push(mutant('below minimum', minimum - 1), mutant('far below minimum', -1e21));
  if (maximum !== undefined) found.push(mutant('above maximum', maximum + 1), mutant('far above maximum', 1e21));
  if (integer) found.push(mutant('not an integer', (minimum ?? 0) + 0.5));
  const step = asNumber(schema.multipleOf);
  if (step !== undefined && !integer) found.push(mutant('not a multiple', (minimum ?? 0) + step / 3));
  const numbers = found.map(({ label, value }) => mutant(label, asText ? String(value) : value));
  if (!asText) return numbers;
  return [
    ...numbers,
    ...['', 'abc', 'NaN', 'Infinity', '1,2', '--1', '1.2.3', '٣'].map((text) => mutant('not a number', text)),
  ];
}

function stringMutants(schema: JsonSchema): fc.Arbitrary<Mutant>[] {
  const found: fc.Arbitrary<Mutant>[] = [];
  const minLength = asNumber(schema.minLength);
  const maxLength = asNumber(schema.maxLength);
  if (minLength !== undefined && minLength >= 1)
    found.push(fc.constant(mutant('too short', 'x'.repeat(minLength - 1))));
  if (maxLength !== undefined) {
    found.push(
      fc.constantFrom(
        mutant('too long', 'x'.repeat(maxLength + 1)),
        mutant('too long (astral)', '😀'.repeat(maxLength + 1)),
      ),
    );
  }
  const pattern = patternOf(schema);
  if (pattern) {
    const off = fc.oneof(
      unicodeText,
      fc.string({ maxLength: 20 }),
      fc.constantFrom('', ' ', '../../etc/passwd', "' OR 1=1 --"),
    );
    found.push(off.filter((text) => !pattern.test(text)).map((text) => mutant('off pattern', text)));
  }
  if (schema.format === 'uuid') {
    found.push(
      fc
        .constantFrom(
          'not-a-uuid',
          '7f1c2b8e4d5a4e6f8a9b0c1d2e3f4a5b',
          '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5bx',
          "1' OR '1'='1",
        )
        .map((text) => mutant('not a uuid', text)),
    );
  }
  if (schema.format === 'date-time')
    found.push(fc.constantFrom('yesterday', '2026-13-45T99:00:00Z').map((text) => mutant('not a date-time', text)));
  return found;
}

function enumMutants(schema: JsonSchema): fc.Arbitrary<Mutant> {
  const allowed = (schema.enum as unknown[]).map(String);
  const variants = allowed.flatMap((value) => [value.toUpperCase(), ` ${value}`, `${value}x`]);
  return fc
    .oneof(fc.constantFrom(...variants, '', 'bogus'), unicodeText)
    .filter((text) => !allowed.includes(text))
    .map((text) => mutant('not in enum', text));
}

function objectMutants(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<Mutant>[] {
  const found: fc.Arbitrary<Mutant>[] = [];
  const valid = valueArbitrary(schema, options, depth) as fc.Arbitrary<Record<string, unknown>>;
  const properties = propertiesOf(schema);
  for (const name of asStrings(schema.required)) {
    found.push(valid.map(({ [name]: _dropped, ...rest }) => mutant(`missing required ${name}`, rest)));
  }
  if (schema.additionalProperties === false) {
    found.push(valid.map((value) => mutant('extra member', { ...value, unexpectedMember: 'surprise' })));
  }
  for (const [name, member] of Object.entries(properties)) {
    if (depth >= MAX_DEPTH) break;
    const inner = invalidArbitrary(member, { ...options, location: 'json' }, depth + 1);
    if (!inner) continue;
    found.push(
      fc.tuple(valid, inner).map(([value, bad]) => mutant(`${name}: ${bad.label}`, { ...value, [name]: bad.value })),
    );
  }
  const maxProperties = asNumber(schema.maxProperties);
  if (maxProperties !== undefined && Object.keys(properties).length === 0) {
    const many = Object.fromEntries(Array.from({ length: maxProperties + 1 }, (_, index) => [`k${index}`, 'v']));
    found.push(fc.constant(mutant('too many members', many)));
  }
  const names = schema.propertyNames as JsonSchema | undefined;
  const namePattern = names ? patternOf(resolveSchema(names, options)) : undefined;
  if (namePattern) {
    found.push(
      fc
        .oneof(unicodeText, fc.constantFrom('', 'has space', 'k'.repeat(65), '__proto__!'))
        .filter((key) => !namePattern.test(key))
        .map((key) => mutant('bad member name', { [key]: 'v' })),
    );
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object' && extra !== null && depth < MAX_DEPTH) {
    const inner = invalidArbitrary(extra, { ...options, location: 'json' }, depth + 1);
    if (inner) found.push(inner.map((bad) => mutant(`member value: ${bad.label}`, { key: bad.value })));
  }
  return found;
}

function arrayMutants(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<Mutant>[] {
  const found: fc.Arbitrary<Mutant>[] = [];
  const location = options.location ?? 'json';
  const item = resolveSchema(schema.items ?? {}, options);
  const validItem = valueArbitrary(item, { ...options, location: location === 'json' ? 'json' : 'query' }, depth + 1);
  const maxItems = asNumber(schema.maxItems);
  if (maxItems !== undefined) {
    found.push(
      fc
        .array(validItem, { minLength: maxItems + 1, maxLength: maxItems + 3 })
        .map((items) => mutant('too many items', items)),
    );
  }
  const minItems = asNumber(schema.minItems);
  if (minItems !== undefined && minItems >= 1) found.push(fc.constant(mutant('too few items', [])));
  if (depth < MAX_DEPTH) {
    const inner = invalidArbitrary(item, { ...options, location: location === 'json' ? 'json' : 'query' }, depth + 1);
    if (inner) found.push(inner.map((bad) => mutant(`item: ${bad.label}`, [bad.value])));
  }
  return found;
}

function typedMutants(
  schema: JsonSchema,
  type: string,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<Mutant>[] {
  const location = options.location ?? 'json';
  const asText = location !== 'json';
  const constants = (mutants: Mutant[]) => (mutants.length > 0 ? [fc.constantFrom(...mutants)] : []);
  switch (type) {
    case 'string':
      return stringMutants(schema);
    case 'integer':
      return constants(numberMutants(schema, true, asText));
    case 'number':
      return constants(numberMutants(schema, false, asText));
    case 'boolean':
      return asText ? constants(['maybe', 'yes', '1', 'TRUE', ''].map((text) => mutant('not a boolean', text))) : [];
    case 'object':
      return asText ? [] : objectMutants(schema, options, depth);
    case 'array':
      return arrayMutants(schema, options, depth);
    default:
      return [];
  }
}

/** Values `schema` refuses, labelled; undefined when it admits everything at this location. */
export function invalidArbitrary(
  schema: unknown,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<Mutant> | undefined {
  const resolved = resolveSchema(schema, options);
  const location = options.location ?? 'json';
  const types = typesOf(resolved);
  const found: fc.Arbitrary<Mutant>[] = [];
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : resolved.anyOf;
  if (Array.isArray(branches)) return branchMutants(branches, options, depth);
  if (location === 'json') found.push(...wrongTypes(types).map((wrong) => fc.constant(wrong)));
  if ('const' in resolved) {
    found.push(
      fc.constant(mutant('not the constant', typeof resolved.const === 'string' ? `${resolved.const}x` : 'other')),
    );
  } else if (Array.isArray(resolved.enum)) {
    found.push(enumMutants(resolved));
  } else {
    // A single-typed schema (a nullable one keeps its constraints on the non-null type).
    const constrained = types.filter((type) => type !== 'null');
    if (constrained.length === 1)
      found.push(...typedMutants(narrowTo(resolved, constrained[0]!), constrained[0]!, options, depth));
  }
  return found.length === 0 ? undefined : fc.oneof(...found);
}

/**
 * oneOf/anyOf: values of a type no branch has, and the mutants of each branch whose type no other branch shares
 * (an object missing a member is still refused by a `null` branch).
 */
function branchMutants(
  branches: unknown[],
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<Mutant> | undefined {
  const resolved = branches.map((branch) => resolveSchema(branch, options));
  const typeLists = resolved.map(typesOf);
  if (typeLists.some((types) => types.length === 0)) return undefined;
  const found: fc.Arbitrary<Mutant>[] = [];
  if ((options.location ?? 'json') === 'json')
    found.push(...wrongTypes(typeLists.flat()).map((wrong) => fc.constant(wrong)));
  resolved.forEach((branch, index) => {
    const own = typeLists[index]!;
    const shared = typeLists.some((types, other) => other !== index && types.some((type) => own.includes(type)));
    if (own.length !== 1 || shared || Array.isArray(branch.enum) || 'const' in branch) return;
    found.push(...typedMutants(narrowTo(branch, own[0]!), own[0]!, options, depth));
  });
  return found.length === 0 ? undefined : fc.oneof(...found);
}
