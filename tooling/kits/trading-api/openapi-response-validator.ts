/* Test-only: the shared response validator over the trading API description (apps/trading-api/openapi). */
import { createOpenApiResponseValidator, type ResponseValidator } from '#tooling/testing/openapi-response-validator.js';
import { tradingApiDocument } from '../../../apps/trading-api/src/openapi/operations.js';

export type { ObservedResponse, ResponseValidator } from '#tooling/testing/openapi-response-validator.js';

/** Our response headers: a response that sends one must declare it. */
const DESCRIBED_HEADERS = [
  'x-service-api-version',
  'x-service-error-code',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'etag',
  'preference-applied',
  'deprecation',
  'sunset',
];

export function createResponseValidator(): ResponseValidator {
  return createOpenApiResponseValidator(tradingApiDocument() as unknown as Record<string, unknown>, {
    documentId: 'https://foretell.invalid/v1/openapi.json',
    describedHeaders: DESCRIBED_HEADERS,
  });
}
