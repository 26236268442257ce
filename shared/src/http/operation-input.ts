/*
 * The typed view of a validated request: the input of one operation of an API's contract types (generated from its
 * OpenAPI document by openapi-typescript, decision 0026), as the shared request validator hands it over — path,
 * query and declared header parameters (header names in lower case) and the JSON body.
 */
import type { ValidatedRequest } from './request-validator.js';

/** The shape openapi-typescript gives every operation. */
export interface OperationTypes {
  parameters: { query?: unknown; header?: unknown; path?: unknown };
  requestBody?: unknown;
}

type Members<T> = [NonNullable<T>] extends [never] ? Readonly<Record<string, never>> : Readonly<NonNullable<T>>;

type LowerCaseKeys<T> = { readonly [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] };

type JsonBody<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;

export interface OperationInput<Op extends OperationTypes> {
  params: Members<Op['parameters']['path']>;
  query: Members<Op['parameters']['query']>;
  headers: LowerCaseKeys<Members<Op['parameters']['header']>>;
  /** undefined when the operation takes no body, or an optional one was not sent. */
  body: undefined extends Op['requestBody']
    ? JsonBody<NonNullable<Op['requestBody']>> | undefined
    : JsonBody<Op['requestBody']>;
}

/**
 * The validated request of an operation, typed by that operation's contract types. The one assertion of the typed
 * input: the shared validator has just checked (and coerced) every member against the operation's schemas in the
 * document the types are generated from, and each API's drift test keeps the two equal.
 */
export function typedInput<Op extends OperationTypes>(input: ValidatedRequest): OperationInput<Op> {
  // cast: the validator checked every member against the operation's schemas, which the types are generated from.
  return input as unknown as OperationInput<Op>;
}
