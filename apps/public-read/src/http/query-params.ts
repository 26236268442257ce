/*
 * Query-string validation of the public routes outside the OpenAPI document (/embed/*): a strict zod schema, so a
 * bad value, a repeated parameter or an unknown parameter is a 400 naming it in the words /api uses. Every /api
 * route reads its query through the document instead (request-input.ts).
 */
import { z } from 'zod';
import { invalidQuery, type QueryErrorStyle } from './request-input.js';

/** A free-text filter value (category, ids): one non-empty value of at most `max` characters. */
export function textParam(max = 200) {
  const message = `must be a non-empty value of at most ${max} characters`;
  return z.string({ error: message }).min(1, message).max(max, message);
}

/** Parses `query` with a strict schema or throws a 400 whose message names every offending parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown, style: QueryErrorStyle = {}): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  throw invalidQuery(describeIssues(result.error.issues, query), style);
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
