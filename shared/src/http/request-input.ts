/*
 * How the edge reads a request body, declared per route: `json` (parsed; 413 / 400 in the app's style), `raw` (the
 * exact bytes of any content type, kept for signature checks and parsed later by the route's validation) or `none`.
 */
import express, { type RequestHandler, type Response } from 'express';
import type { ValidationIssue } from './validation-issues.js';

export type BodyKind = 'json' | 'raw' | 'none';

/** The methods whose requests may carry a body. */
export const methodsWithBody: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the raw reader keeps on `res.locals`. */
interface RawBodyLocals {
  rawBody?: Buffer;
  /** Why the body could not be read (an encoding it cannot decode): answered by the route's validation. */
  bodyError?: unknown;
}

const NO_BODY = Buffer.alloc(0);
const rawLocals = (res: Response): RawBodyLocals => res.locals;

export function rawBodyOf(res: Response): Buffer {
  return rawLocals(res).rawBody ?? NO_BODY;
}

export function bodyErrorOf(res: Response): unknown {
  return rawLocals(res).bodyError;
}

export function createJsonBodyReader(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, type: ['application/json', 'application/*+json'] });
}

const isTooLarge = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (('type' in error && error.type === 'entity.too.large') || ('status' in error && error.status === 413));

/**
 * Reads the exact raw bytes (any content type) up to the limit (413 PAYLOAD_TOO_LARGE). A body in a Content-Encoding
 * that cannot be decoded is a validation failure, so it is kept (bodyErrorOf) and answered by the route's validation
 * step (after the key and the rate limiter, with the caller's X-RateLimit-*), not here.
 */
export function createRawBodyReader(limitBytes: number): RequestHandler {
  const readRaw = express.raw({ type: () => true, limit: limitBytes });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error && isTooLarge(error)) {
        next(error);
        return;
      }
      const locals = rawLocals(res);
      if (error) locals.bodyError = error;
      locals.rawBody = !error && Buffer.isBuffer(req.body) ? req.body : NO_BODY;
      req.body = undefined;
      next();
    });
  };
}

/*
 * Strict query forms (the public read API's): each declared query parameter is read from its one raw string by the
 * lexical form of its schema type, never by ajv's lenient coercion (which takes "5.0", " 5", "0x10" or "" as numbers).
 * A repeated parameter or a value outside its form is an issue; an absent parameter takes its schema default.
 */
/** The parts of a parameter's JSON Schema the forms read. */
export interface ParameterSchema {
  type?: unknown;
  default?: unknown;
  multipleOf?: unknown;
}

export interface QueryParameter {
  name: string;
  schema: ParameterSchema;
}

const INTEGER = /^-?\d{1,10}$/;
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, '1': true, false: false, '0': false };

/** Fractional digits a `multipleOf` allows (0.01 → 2); undefined: any. */
function decimalsOf(multipleOf: unknown): number | undefined {
  return typeof multipleOf === 'number' && multipleOf > 0 && multipleOf < 1
    ? Math.round(-Math.log10(multipleOf))
    : undefined;
}

/**
 * `raw` in the canonical spelling of the schema's form (`true`/`1` → `true`; `007` → `7`), which ajv then coerces
 * exactly, or undefined when it is not in that form.
 */
function read(schema: ParameterSchema, raw: string): QueryValue | undefined {
  switch (schema.type) {
    case 'integer':
      return INTEGER.test(raw) ? String(Number(raw)) : undefined;
    case 'number': {
      const decimals = decimalsOf(schema.multipleOf);
      const fraction = decimals === undefined ? '\\d+' : `\\d{1,${decimals}}`;
      return new RegExp(`^-?\\d{1,16}(\\.${fraction})?$`).test(raw) ? String(Number(raw)) : undefined;
    }
    case 'boolean': {
      const value = BOOLEANS[raw];
      return value === undefined ? undefined : String(value);
    }
    case 'array':
      // form style, not exploded: a comma-separated list, items trimmed, empty items dropped.
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

export type QueryValue = string | string[];

/** A query as the router parsed it (strings, or arrays of a repeated parameter), copied without other members. */
export function queryStrings(raw: Record<string, unknown>): Record<string, QueryValue> {
  // fromEntries defines each member, so a parameter named `__proto__` stays a member (and is refused as unknown).
  return Object.fromEntries(
    Object.entries(raw).flatMap(([name, value]): Array<[string, QueryValue]> => {
      if (typeof value === 'string') return [[name, value]];
      if (Array.isArray(value)) return [[name, value.map(String)]];
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );
}

/** The canonical spelling of a schema default. */
function defaultOf(value: unknown): QueryValue {
  return Array.isArray(value) ? value.map(String) : String(value);
}

export interface StrictQuery {
  /** Declared parameters in the canonical spelling of their forms (defaults filled in), unknown ones as sent. */
  query: Record<string, QueryValue>;
  issues: ValidationIssue[];
}

/** Reads every declared parameter of `raw` by its form; the schema's other rules are checked afterwards (ajv). */
export function readStrictQuery(parameters: readonly QueryParameter[], raw: Record<string, QueryValue>): StrictQuery {
  const query: Record<string, QueryValue> = { ...raw };
  const issues: ValidationIssue[] = [];
  for (const { name, schema } of parameters) {
    const given = raw[name];
    if (given === undefined) {
      if (schema.default !== undefined) query[name] = defaultOf(schema.default);
      continue;
    }
    if (typeof given !== 'string') {
      issues.push({ location: 'query', name, keyword: 'repeated', reason: 'must be given at most once' });
      delete query[name];
      continue;
    }
    const value = read(schema, given);
    if (value === undefined) {
      issues.push({ location: 'query', name, keyword: 'type', reason: `must be of type ${String(schema.type)}` });
      delete query[name];
      continue;
    }
    query[name] = value;
  }
  return { query, issues };
}
