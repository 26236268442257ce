import type { Response } from 'express';
import type { StoredApiKey } from '#shared/auth/api-key-cache.js';
import type { ValidatedRequest } from '#shared/http/request-validator.js';
import type { OperationDescriptor } from '../openapi/operations.js';

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
