/*
 * Test-only: the public read API contract's error table (public-read-api.md "Errors", DESIGN.md clarifications)
 * beyond the `{ error, message, code }` shape (openapi-fuzz.test.ts): which code and label each operation answers.
 */
const NOT_FOUND_CODES: Record<string, string> = {
  getThread: 'THREAD_NOT_FOUND',
  listThreadMarkets: 'THREAD_NOT_FOUND',
  listThreadSocialLinks: 'THREAD_NOT_FOUND',
  listThreadChapters: 'NOT_FOUND',
  getOrganization: 'NOT_FOUND',
  listOrganizationMarkets: 'NOT_FOUND',
  listOrganizationThreads: 'NOT_FOUND',
  getPartner: 'NOT_FOUND',
  listPartnerThreads: 'NOT_FOUND',
  getMarketSocialLink: 'MARKET_NOT_FOUND',
};

const ERROR_ONLY_NOT_FOUND = new Set(['getMarket', 'streamMarket']);

const LABELS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 429: 'Too Many Requests' };

/** The router refuses a path that does not decode before any route runs: the same 400 for every route. */
const isUndecodablePath = (body: Record<string, unknown>) =>
  body.code === 'INVALID_REQUEST' && String(body.message).includes('percent-encoding');

function expectedOf(
  operationId: string,
  status: number,
  body: Record<string, unknown>,
): { codes?: string[]; label?: string; errorOnly?: boolean } {
  if (status === 400 && isUndecodablePath(body)) return { codes: ['INVALID_REQUEST'], label: LABELS[400] };
  if (status === 429) return { codes: ['RATE_LIMIT_EXCEEDED'], label: LABELS[429] };
  if (status === 503) return { codes: ['ROUTE_DISABLED', 'DEPENDENCY_UNAVAILABLE'] };
  if (operationId === 'getMarketQuote') return { label: status === 400 ? 'ValidationError' : 'NotFoundError' };
  // Market detail and its live stream answer an unknown market with `{ error }` alone.
  if (ERROR_ONLY_NOT_FOUND.has(operationId) && status === 404) return { errorOnly: true, label: LABELS[404] };
  if (status === 400) {
    const codes = operationId === 'getMarketSocialLink' ? ['INVALID_SIDE', 'INVALID_REQUEST'] : ['INVALID_REQUEST'];
    return { codes, label: LABELS[400] };
  }
  const notFound = NOT_FOUND_CODES[operationId];
  // An operation the contract's table does not name is held to its document alone.
  if (status === 404 && notFound) return { codes: [notFound], label: LABELS[404] };
  return {};
}

export function publicContractErrors(operationId: string, status: number, body: Record<string, unknown>): string[] {
  const expected = expectedOf(operationId, status, body);
  const errors: string[] = [];
  if (expected.errorOnly && Object.keys(body).join() !== 'error') errors.push('must carry only `error`');
  if (expected.codes && !expected.codes.includes(String(body.code))) {
    errors.push(`code ${String(body.code)}, expected ${expected.codes.join(' or ')}`);
  }
  if (expected.label && body.error !== expected.label)
    errors.push(`error "${String(body.error)}", expected "${expected.label}"`);
  return errors;
}
