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
