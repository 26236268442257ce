import type { Request, Response } from 'express';
import { typedInput, type OperationInput } from '#shared/http/request-validator.js';
import { respond, type JsonResult, type SerializedJson } from '#shared/http/respond.js';
import type { Meta } from '../http/envelope.js';
import type { operations } from '../openapi/generated/trading-api.js';
import type { AuthContext, ValidatedInput } from './request-context.js';

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
