/*
 * What the request validator reports about a refused request, free of any API's wording: each API renders the
 * issues in its own error style (trading-api: 400 VALIDATION_FAILED problem details; public-read: 400
 * `Invalid query parameter…` naming every offending parameter).
 */
import type { ErrorObject } from 'ajv';

export type IssueLocation = 'path' | 'query' | 'header' | 'body' | 'request';

export interface ValidationIssue {
  location: IssueLocation;
  /** The member, dotted below the location (`limit`, `metadata.a`); '' when the whole request is at fault. */
  name: string;
  /** The JSON Schema keyword that failed (`required`, `additionalProperties`, `maximum`…), or `repeated`/`type` for a query value outside its form. */
  keyword: string;
  /** ajv's wording of the failure (`must be <= 100`), when it gave one. */
  reason?: string;
  /** Where the failed rule sits in the operation's schema (ajv's schemaPath). */
  schemaPath?: string;
}

const locations: Readonly<Record<string, IssueLocation>> = {
  requestBody: 'body',
  query: 'query',
  path: 'path',
  header: 'header',
};

/** A string member of an ajv error's params (`missingProperty`, `additionalProperty`). */
function paramOf(error: ErrorObject, name: string): string {
  const params: Record<string, unknown> = error.params;
  return String(params[name]);
}

/** `/requestBody/metadata/a` → `metadata.a`; `/query/limit` → `limit`. */
export function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  const location = segments.shift() ?? '';
  if (error.keyword === 'required') segments.push(paramOf(error, 'missingProperty'));
  if (error.keyword === 'additionalProperties') segments.push(paramOf(error, 'additionalProperty'));
  const field = segments.join('.');
  return field || (location === 'requestBody' ? 'body' : location);
}

function locationOf(error: ErrorObject): IssueLocation {
  const location = error.instancePath.split('/').filter(Boolean)[0] ?? '';
  return locations[location] ?? 'request';
}

/** One ajv error of openapi-backend's request schema (`{ path, query, header, requestBody }`) as an issue. */
export function issueOf(error: ErrorObject): ValidationIssue {
  return {
    location: locationOf(error),
    name: fieldOf(error),
    keyword: error.keyword,
    ...(error.message === undefined ? {} : { reason: error.message }),
    schemaPath: error.schemaPath,
  };
}
