import { typedInput, type OperationInput } from '#shared/http/operation-input.js';
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

/** An envelope serialised ahead of time (a cached read): respond() writes it without serialising again. */
export class SerializedEnvelope {
  constructor(readonly json: string) {}
}

/** The JSON of an envelope, serialising it only if nobody did yet. */
export function envelopeJson(body: HandlerResult['body']): string {
  return body instanceof SerializedEnvelope ? body.json : JSON.stringify(body);
}

export interface HandlerResult {
  status: number;
  /** The envelope without `_meta` (respond() appends it). */
  body: Record<string, unknown> | SerializedEnvelope;
  /** Extra `_meta` members, e.g. `{ idempotent: true }` on writes. */
  meta?: { idempotent?: boolean };
  /** Default `private, no-cache`. */
  cacheControl?: string;
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
