/*
 * Test-only: the trading API contract's rules on a problem's code, beyond its RFC 7807 shape (openapi-fuzz.test.ts):
 * every code is one of the catalogue's /v1 codes, answered with the catalogue's status, and `type` is its page.
 */
import { errorCatalogue, type ErrorCode } from '#shared/errors/error-catalogue.js';

/** The public read API's codes: never on /v1. */
const PUBLIC_READ_CODES = new Set([
  'INVALID_REQUEST',
  'INVALID_SIDE',
  'THREAD_NOT_FOUND',
  'MARKET_NOT_FOUND',
  'NOT_FOUND',
]);

export function problemContractErrors(_operationId: string, status: number, body: Record<string, unknown>): string[] {
  const code = String(body.code);
  if (!(code in errorCatalogue)) return [`code ${code} is not in the catalogue`];
  if (PUBLIC_READ_CODES.has(code)) return [`code ${code} belongs to the public read API`];
  const errors: string[] = [];
  const expected = errorCatalogue[code as ErrorCode].status;
  if (expected !== status) errors.push(`code ${code} is a ${expected} in the catalogue, answered ${status}`);
  if (!String(body.type).endsWith(`/errors/${code}`))
    errors.push(`type ${String(body.type)} is not the page of ${code}`);
  return errors;
}
