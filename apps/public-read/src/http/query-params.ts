/*
 * Query-string validation for the public read API: every endpoint parses its query with a strict zod schema, so a
 * bad value, a repeated parameter or an unknown parameter is a 400 naming it — never ignored, never a 500.
 */
import { z } from 'zod';
import { AppError, type ErrorCode } from '#shared/errors/index.js';

export function integerParam(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

export function booleanParam() {
  return z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1');
}

/** A free-text filter value (category, ids): one non-empty value of at most `max` characters. */
export function textParam(max = 200) {
  const message = `must be a non-empty value of at most ${max} characters`;
  return z.string({ error: message }).min(1, message).max(max, message);
}

/** A comma-separated list: trimmed, empty items dropped, at most `maxItems` items of at most 64 characters. */
export function csvParam(maxItems = 20) {
  const message = `must be a comma-separated list of at most ${maxItems} values of 1 to 64 characters`;
  return z
    .string({ error: message })
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine(
      (items) => items.length > 0 && items.length <= maxItems && items.every((item) => item.length <= 64),
      message,
    );
}

/** A decimal number ≥ min and ≤ max with at most `decimals` fractional digits. */
export function decimalParam(min: number, max: number, decimals: number) {
  const message = `must be a number from ${min} to ${max} with at most ${decimals} decimals`;
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,16}(\\.\\d{1,${decimals}})?$`) : /^\d{1,16}$/;
  return z
    .string({ error: message })
    .regex(pattern, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

export interface QueryErrorStyle {
  /** Default INVALID_REQUEST. */
  code?: ErrorCode;
}

/** Parses `query` with a strict schema or throws a 400 whose message names every offending parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown, style: QueryErrorStyle = {}): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  throw invalidQuery(describeIssues(result.error.issues, query), style);
}

export function invalidQuery(problems: string[], style: QueryErrorStyle = {}): AppError {
  const noun = problems.length === 1 ? 'parameter' : 'parameters';
  return new AppError(style.code ?? 'INVALID_REQUEST', {
    detail: `Invalid query ${noun}: ${problems.join('; ')}.`,
  });
}

function describeIssues(issues: readonly z.core.$ZodIssue[], query: unknown): string[] {
  const raw: Record<string, unknown> =
    typeof query === 'object' && query !== null ? Object.fromEntries(Object.entries(query)) : {};
  const problems = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.set(key, `"${key}" is not a parameter of this endpoint`);
      continue;
    }
    const name = String(issue.path[0] ?? 'query');
    if (problems.has(name)) continue;
    const given = raw[name];
    if (Array.isArray(given)) problems.set(name, `"${name}" must be given at most once`);
    else if (given === undefined) problems.set(name, `"${name}" is required`);
    else problems.set(name, `"${name}" ${issue.message}`);
  }
  return [...problems.values()];
}
