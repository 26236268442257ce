/*
 * Test-only: query values derived from the OpenAPI document's parameter schemas — values the document admits and
 * values it forbids — so a test can check that the code enforces exactly the documented bounds, in both directions.
 */
type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Probe {
  /** Extra query for this probe (merged over the operation's required values). */
  query: Record<string, string>;
  /** Whether the document admits it. */
  admitted: boolean;
  /** What it exercises, for the failure message. */
  label: string;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A value the schema admits (the first enum value, the minimum, one digit…). */
export function sampleValue(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return String(num(schema.minimum) ?? 1);
    case 'boolean':
      return 'true';
    case 'array':
      return 'a';
    default:
      return typeof schema.pattern === 'string' ? '1' : 'a';
  }
}

/** The bounds themselves (admitted) and one past each (forbidden). */
function boundProbes(minimum: number | undefined, maximum: number | undefined): Array<[string, boolean, string]> {
  const probes: Array<[string, boolean, string]> = [];
  if (minimum !== undefined)
    probes.push([String(minimum), true, 'minimum'], [String(minimum - 1), false, 'below minimum']);
  if (maximum !== undefined)
    probes.push([String(maximum), true, 'maximum'], [String(maximum + 1), false, 'above maximum']);
  return probes;
}

function valuesOf(schema: JsonSchema): Array<[string, boolean, string]> {
  if (Array.isArray(schema.enum)) {
    return [
      ...schema.enum.map((value): [string, boolean, string] => [String(value), true, 'enum']),
      ['bogus', false, 'not in enum'],
    ];
  }
  const minimum = num(schema.minimum);
  const maximum = num(schema.maximum);
  switch (schema.type) {
    case 'integer':
      return [
        ...boundProbes(minimum, maximum),
        ['1.5', false, 'not an integer'],
        ['x', false, 'not a number'],
      ] as Array<[string, boolean, string]>;
    case 'number': {
      const base = minimum ?? 0;
      return [
        ...boundProbes(minimum, maximum),
        ...(schema.multipleOf === 0.01
          ? [
              [`${base}.25`, true, 'cents'],
              [`${base}.125`, false, 'sub-cent'],
            ]
          : []),
        ['x', false, 'not a number'],
      ] as Array<[string, boolean, string]>;
    }
    case 'boolean':
      return [
        ['true', true, 'true'],
        ['false', true, 'false'],
        ['maybe', false, 'not a boolean'],
      ];
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const most = num(schema.maxItems) ?? 20;
      const longest = num(items.maxLength) ?? 64;
      const list = (count: number): string => Array.from({ length: count }, (_, index) => `t${index}`).join(',');
      return [
        [list(most), true, 'maxItems'],
        [list(most + 1), false, 'above maxItems'],
        ['a'.repeat(longest), true, 'item maxLength'],
        ['a'.repeat(longest + 1), false, 'item above maxLength'],
      ];
    }
    default: {
      const values: Array<[string, boolean, string]> = [];
      const longest = num(schema.maxLength);
      if (longest !== undefined)
        values.push(['a'.repeat(longest), true, 'maxLength'], ['a'.repeat(longest + 1), false, 'above maxLength']);
      if (num(schema.minLength) === 1) values.push(['', false, 'empty']);
      if (typeof schema.pattern === 'string') {
        // Whatever the pattern admits must pass and whatever it refuses must be a 400.
        const pattern = new RegExp(schema.pattern, 'u');
        for (const value of ['1', '0', 'a1', '1'.padStart(79, '0')]) {
          values.push([value, pattern.test(value), `pattern ${pattern.test(value) ? 'admits' : 'refuses'} it`]);
        }
      }
      return values;
    }
  }
}

/** Every probe of one operation's query parameters, plus an unknown parameter (always forbidden). */
export function probesOf(parameters: readonly Parameter[]): Probe[] {
  const probes: Probe[] = [{ query: { notAParameter: '1' }, admitted: false, label: 'unknown parameter' }];
  for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
    for (const [value, admitted, what] of valuesOf(parameter.schema)) {
      probes.push({
        query: { [parameter.name]: value },
        admitted,
        label: `${parameter.name}=${value.slice(0, 20)} (${what})`,
      });
    }
  }
  return probes;
}

/** The operation's required query parameters, each with an admitted value. */
export function requiredQuery(parameters: readonly Parameter[]): Record<string, string> {
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => [parameter.name, sampleValue(parameter.schema)]),
  );
}
