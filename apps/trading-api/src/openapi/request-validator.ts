/*
 * The trading API's use of the shared request validator (shared/src/http/request-validator.ts): lenient ajv
 * coercion, the first failed rule, rendered as 400 VALIDATION_FAILED problem details naming the member.
 */
import type { Document } from 'openapi-backend';
import { AppError } from '#shared/errors/app-error.js';
import {
  createRequestValidator as createSharedRequestValidator,
  type ValidatableRequest,
  type ValidatedRequest,
} from '#shared/http/request-validator.js';
import type { ValidationIssue } from '#shared/http/validation-issues.js';

export function createRequestValidator(document: Document) {
  const validator = createSharedRequestValidator(document);
  return {
    api: validator.api,
    operation: validator.operation,
    /** Throws 400 VALIDATION_FAILED naming the first offending member; returns the coerced request. */
    validate(operationId: string, request: ValidatableRequest): ValidatedRequest {
      const result = validator.check(operationId, request);
      if (!result.valid) throw validationError(result.issues);
      return result.input;
    },
  };
}

export type RequestValidator = ReturnType<typeof createRequestValidator>;

function wordingOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'additionalProperties') return 'is not allowed';
  return issue.reason ?? 'is invalid';
}

/** `detail` names the first issue; `extensions.errors` lists the first ten. */
export function validationError(issues: readonly ValidationIssue[]): AppError {
  const first = issues[0];
  if (!first) return new AppError('VALIDATION_FAILED');
  return new AppError('VALIDATION_FAILED', {
    detail: `${first.location} member ${first.name} ${wordingOf(first)}.`,
    extensions: {
      field: first.name,
      location: first.location,
      errors: issues.slice(0, 10).map((issue) => ({ field: issue.name, message: issue.reason ?? 'invalid' })),
    },
  });
}
