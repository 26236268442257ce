/*
 * How the public read API words a refused query (spec/public-read-api.md): one 400 naming every offending parameter
 * in the order the operation declares them, then unknown ones, then rules across parameters —
 * `Invalid query parameters: "limit" must be an integer from 1 to 100; "nope" is not a parameter of this endpoint.`
 * The wording of each parameter comes from its schema in the OpenAPI document.
 */
import type { ValidationIssue } from '#shared/http/validation-issues.js';

/** A query parameter's schema as the document declares it (the members the wording reads). */
export interface ParameterSchema {
  type?: unknown;
  enum?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  maxLength?: unknown;
  maxItems?: unknown;
  multipleOf?: unknown;
  items?: unknown;
}

export interface DeclaredParameter {
  name: string;
  schema: ParameterSchema;
}

/** A rule of one parameter beyond its schema (the quote amount below 2^256): its problem with a raw value, if any. */
export type ParameterRefinement = (raw: string) => string | undefined;

const maxLengthOf = (schema: unknown): unknown =>
  typeof schema === 'object' && schema !== null && 'maxLength' in schema ? schema.maxLength : undefined;

const listOf = (values: unknown): string => (Array.isArray(values) ? values.map(String).join(', ') : '');

function decimalsOf(multipleOf: unknown): number {
  return typeof multipleOf === 'number' && multipleOf > 0 ? Math.max(0, Math.round(-Math.log10(multipleOf))) : 0;
}

/** What a value of this parameter must be: `must be an integer from 1 to 100`. */
export function requirementOf(schema: ParameterSchema): string {
  if (Array.isArray(schema.enum)) return `must be one of ${listOf(schema.enum)}`;
  const [min, max] = [String(schema.minimum), String(schema.maximum)];
  switch (schema.type) {
    case 'integer':
      return `must be an integer from ${min} to ${max}`;
    case 'number':
      return `must be a number from ${min} to ${max} with at most ${decimalsOf(schema.multipleOf)} decimals`;
    case 'boolean':
      return 'must be true or false';
    case 'array':
      return (
        `must be a comma-separated list of at most ${String(schema.maxItems)} values of 1 to ` +
        `${String(maxLengthOf(schema.items))} characters`
      );
    default:
      return schema.maxLength === undefined
        ? 'is invalid'
        : `must be a non-empty value of at most ${String(schema.maxLength)} characters`;
  }
}

export interface QueryProblemInput {
  declared: readonly DeclaredParameter[];
  issues: readonly ValidationIssue[];
  /** The query as sent. */
  raw: Readonly<Record<string, unknown>>;
  refinements?: Readonly<Record<string, ParameterRefinement>>;
}

/** One problem per offending parameter: declared ones in their order, then unknown ones. */
export function queryProblems({ declared, issues, raw, refinements = {} }: QueryProblemInput): Map<string, string> {
  const problems = new Map<string, string>();
  // `tags.0`: an item of a parameter is the parameter's problem.
  const failed = new Set(
    issues.filter((issue) => issue.location === 'query').map((issue) => issue.name.split('.', 1)[0] ?? ''),
  );
  for (const { name, schema } of declared) {
    const given = raw[name];
    const refined = typeof given === 'string' ? refinements[name]?.(given) : undefined;
    if (!failed.has(name) && refined === undefined) continue;
    if (Array.isArray(given)) problems.set(name, `"${name}" must be given at most once`);
    else if (given === undefined) problems.set(name, `"${name}" is required`);
    else problems.set(name, `"${name}" ${refined ?? requirementOf(schema)}`);
  }
  // Unknown parameters by their names as sent (`""` and `__proto__` included), in the order they were sent.
  const names = new Set(declared.map(({ name }) => name));
  for (const name of Object.keys(raw)) {
    if (!names.has(name)) problems.set(name, `"${name}" is not a parameter of this endpoint`);
  }
  for (const issue of issues) {
    if (issue.location === 'query' || problems.has(issue.name)) continue;
    problems.set(issue.name, `"${issue.name}" is invalid`);
  }
  return problems;
}
