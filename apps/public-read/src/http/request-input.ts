/*
 * The public read API's request input: every /api route reads its validated, typed input here. The shared request
 * validator checks the request against the operation in the OpenAPI document (strict query forms, every issue), and
 * a refusal is the API's 400 naming every offending parameter — never ignored, never a 500.
 */
import type { Request } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { type ErrorCode } from '#shared/errors/error-catalogue.js';
import { createRequestValidator, typedInput, type ValidatedRequest } from '#shared/http/request-validator.js';
import type { Document } from 'openapi-backend';
import type { operations } from '../openapi/generated/public-read-api.js';
import type { PublicInput, PublicOperationId } from '../openapi/operation-types.js';
import { crossParameterProblems, parameterRefinements } from '../openapi/query-refinements.js';
import { queryProblems, type DeclaredParameter } from './query-problems.js';

export interface QueryErrorStyle {
  /** Default INVALID_REQUEST. */
  code?: ErrorCode;
}

/** A parameter refused on its own, ahead of the others, with its own code and wording (social links: `side`). */
export interface ParameterPrecedence {
  name: string;
  code: ErrorCode;
  problem: (given: unknown) => string;
}

export function invalidQuery(problems: readonly string[], style: QueryErrorStyle = {}): AppError {
  const noun = problems.length === 1 ? 'parameter' : 'parameters';
  return new AppError(style.code ?? 'INVALID_REQUEST', {
    detail: `Invalid query ${noun}: ${problems.join('; ')}.`,
  });
}

export interface PublicRequestInput {
  /** The validated input of `operationId`, or a 400 naming every offending parameter. */
  read<Id extends PublicOperationId>(operationId: Id, req: Request, precedence?: ParameterPrecedence): PublicInput<Id>;
  /** The same for an operation of another document (the /embed queries): untyped. */
  validate(operationId: string, req: Request, precedence?: ParameterPrecedence): ValidatedRequest;
}

/** Reads requests against `document` (the public API's, or another in its words: /embed). */
export function createPublicRequestInput(document: object): PublicRequestInput {
  // The document is plain JSON built in TypeScript; openapi-backend declares its own type for it.
  const openApi: Document = JSON.parse(JSON.stringify(document));
  const validator = createRequestValidator(openApi, { queryForms: 'strict', allErrors: true });
  const declared = new Map<string, DeclaredParameter[]>();
  const declaredOf = (operationId: string): DeclaredParameter[] => {
    let parameters = declared.get(operationId);
    if (!parameters) {
      parameters = (validator.operation(operationId).parameters ?? []).flatMap((parameter) =>
        '$ref' in parameter || parameter.in !== 'query'
          ? []
          : [{ name: parameter.name, schema: Object.fromEntries(Object.entries(parameter.schema ?? {})) }],
      );
      declared.set(operationId, parameters);
    }
    return parameters;
  };
  const validate = (operationId: string, req: Request, precedence?: ParameterPrecedence): ValidatedRequest => {
    const raw: Record<string, unknown> = req.query;
    const result = validator.check(operationId, {
      method: req.method,
      path: req.path,
      url: req.originalUrl,
      query: raw,
      headers: req.headers,
      params: req.params,
    });
    const problems = queryProblems({
      declared: declaredOf(operationId),
      issues: result.valid ? [] : result.issues,
      raw,
      refinements: parameterRefinements[operationId],
    });
    for (const [name, problem] of crossParameterProblems[operationId]?.(raw) ?? []) {
      if (!problems.has(name)) problems.set(name, problem);
    }
    if (precedence && problems.has(precedence.name)) {
      throw invalidQuery([precedence.problem(raw[precedence.name])], { code: precedence.code });
    }
    if (problems.size > 0 || !result.valid) throw invalidQuery([...problems.values()]);
    return result.input;
  };
  return {
    validate,
    read: (operationId, req, precedence) =>
      typedInput<operations[typeof operationId]>(validate(operationId, req, precedence)),
  };
}
