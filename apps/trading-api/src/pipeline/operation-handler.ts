import type { Request, Response } from 'express';
import { typedInput, type OperationInput } from '#shared/http/request-validator.js';
import { respond, type JsonResult, type SerializedJson } from '#shared/http/respond.js';
import type { Meta } from '../http/envelope.js';
import type { operations } from '../openapi/generated/trading-api.js';
import type { StoredApiKey } from '#shared/auth/api-key-cache.js';
import type { ValidatedRequest } from '#shared/http/request-validator.js';
import type { OperationDescriptor } from '../openapi/operations.js';

/** What a handler receives: the validated request, the caller, and request-scoped values. */
export interface HandlerContext {
  input: ValidatedInput;
  auth: AuthContext;
  requestId: string;
  apiVersion: string;
  now: Date;
}

export interface HandlerResult extends JsonResult {
  /** The envelope without `_meta` (respondV1 appends it). */
  body: Record<string, unknown> | SerializedJson;
  /** Extra `_meta` members, e.g. `{ idempotent: true }` on writes. */
  meta?: { idempotent?: boolean };
  /** Default `private, no-cache`. */
  cacheControl?: string;
}

export const DEFAULT_CACHE_CONTROL = 'private, no-cache';

/**
 * Writes a handler's result with the shared writer: `_meta` (request id, time, the handler's members), Cache-Control,
 * and a weak ETag per (route, query, key) on successful GETs. Deprecation/Sunset are set earlier, on every response.
 */
export function respondV1(
  req: Request,
  res: Response,
  routeId: string,
  context: { apiKeyId: string; requestId: string; now: Date },
  result: HandlerResult,
): void {
  const meta: Meta = { requestId: context.requestId, timestamp: context.now.toISOString(), ...result.meta };
  respond(
    req,
    res,
    { ...result, meta },
    { cacheControl: DEFAULT_CACHE_CONTROL, etag: { routeId, caller: context.apiKeyId } },
  );
}

/** One per operationId (handlers/<operationId>.ts): request → command → one use case → envelope. */
export type OperationHandler = (context: HandlerContext) => HandlerResult | Promise<HandlerResult>;

export type TradingOperationId = keyof operations;

/** What the handler of `Id` receives: its input typed by the contract types generated from the YAML. */
export interface TypedHandlerContext<Id extends TradingOperationId> extends Omit<HandlerContext, 'input'> {
  input: OperationInput<operations[Id]>;
}

/** The handler of operation `Id`, written against its typed input (decision 0026): no narrowing, no casts. */
export function typedHandler<Id extends TradingOperationId>(
  handle: (context: TypedHandlerContext<Id>) => HandlerResult | Promise<HandlerResult>,
): OperationHandler {
  return (context) => handle({ ...context, input: typedInput<operations[Id]>(context.input) });
}

/** A looked-up key with what the pipeline derives from it (cached together for a few seconds). */
export interface AuthContext {
  key: StoredApiKey;
  /** The plaintext key of this request: the secret of body signatures. Never logged. */
  plaintext: string;
}

/** The request as the shared validator validated it (handlers see it typed: operation-handler.ts typedHandler). */
export type ValidatedInput = ValidatedRequest;

/** What the /v1 pipeline stores on `res.locals` as a request moves through it. */
interface PipelineLocals {
  operation?: OperationDescriptor;
  auth?: AuthContext;
  apiVersion?: string;
  input?: ValidatedInput;
}

function locals(res: Response): PipelineLocals {
  const pipelineLocals: PipelineLocals = res.locals;
  return pipelineLocals;
}

export function setOperation(res: Response, operation: OperationDescriptor): void {
  locals(res).operation = operation;
}

export function operationOf(res: Response): OperationDescriptor {
  const operation = locals(res).operation;
  if (!operation) throw new Error('pipeline step ran before the operation was set');
  return operation;
}

export function setAuth(res: Response, auth: AuthContext): void {
  locals(res).auth = auth;
}

export function authOf(res: Response): AuthContext {
  const auth = locals(res).auth;
  if (!auth) throw new Error('pipeline step ran before authentication');
  return auth;
}

export function setApiVersion(res: Response, version: string): void {
  locals(res).apiVersion = version;
}

export function apiVersionOf(res: Response): string | undefined {
  return locals(res).apiVersion;
}

export function setInput(res: Response, input: ValidatedInput): void {
  locals(res).input = input;
}

export function inputOf(res: Response): ValidatedInput {
  const input = locals(res).input;
  if (!input) throw new Error('handler ran before validation');
  return input;
}
