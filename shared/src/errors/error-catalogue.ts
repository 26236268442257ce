/**
 * The one catalogue of error codes: the trading API's table (spec/trading-api.md), the codes DESIGN.md §6 adds,
 * and the public read API's codes. Each code has its meaning (`title`), one status class (the HTTP status both APIs
 * answer with) and `retry`: whether a queue consumer should retry work that failed with it. How an API words and
 * shapes an error (problem+json, the public `{ error, message, code }` labels) is its renderer's
 * (renderProblem and renderPublicError in shared/src/http/error-middleware.ts), never the catalogue's or the error's.
 */
export interface CatalogueEntry {
  readonly status: number;
  readonly title: string;
  readonly retry: boolean;
  /** Seconds for a `Retry-After` header, where the code always carries one. */
  readonly retryAfterSeconds?: number;
}

const entry = (status: number, title: string, retry = false, retryAfterSeconds?: number): CatalogueEntry =>
  retryAfterSeconds === undefined ? { status, title, retry } : { status, title, retry, retryAfterSeconds };

export const errorCatalogue = {
  // Authentication and authorisation
  API_KEY_MISSING: entry(401, 'API key missing'),
  API_KEY_MALFORMED: entry(401, 'API key malformed'),
  API_KEY_INVALID: entry(401, 'API key invalid'),
  API_KEY_REVOKED: entry(401, 'API key revoked'),
  API_KEY_EXPIRED: entry(401, 'API key expired'),
  REQUEST_SIGNATURE_INVALID: entry(401, 'Request signature invalid'),
  INSUFFICIENT_SCOPE: entry(403, 'Insufficient scope'),
  IP_NOT_ALLOWED: entry(403, 'IP address not allowed'),
  AUTH_LOCKED_OUT: entry(429, 'Too many authentication failures'),
  // Limits
  RATE_LIMIT_EXCEEDED: entry(429, 'Rate limit exceeded', true),
  SPENDING_LIMIT_EXCEEDED: entry(409, 'Spending limit exceeded'),
  PAYLOAD_TOO_LARGE: entry(413, 'Payload too large'),
  ACTIVE_KEY_LIMIT_REACHED: entry(409, 'Active key limit reached'),
  // Operator tool (admin CLI)
  USER_ALREADY_EXISTS: entry(409, 'User already exists'),
  SMART_ACCOUNT_MISSING: entry(409, 'Smart account missing'),
  // Request shape
  VALIDATION_FAILED: entry(400, 'Validation failed'),
  API_VERSION_UNSUPPORTED: entry(400, 'API version unsupported'),
  IDEMPOTENCY_KEY_CONFLICT: entry(409, 'Idempotency key conflict'),
  RESOURCE_NOT_FOUND: entry(404, 'Resource not found'),
  // Trading domain
  MARKET_NOT_TRADEABLE: entry(422, 'Market not tradeable'),
  INSUFFICIENT_BALANCE: entry(409, 'Insufficient balance'),
  TRADE_NOT_AWAITING_CONFIRMATION: entry(409, 'Trade not awaiting confirmation'),
  CONFIRMATION_TOKEN_INVALID: entry(409, 'Confirmation token invalid'),
  CONFIRMATION_TOKEN_USED: entry(409, 'Confirmation token already used'),
  CONFIRMATION_EXPIRED: entry(409, 'Confirmation window expired'),
  TRADE_NOT_CANCELLABLE: entry(409, 'Trade not cancellable'),
  POSITION_NOT_CLAIMABLE: entry(409, 'Position not claimable'),
  REDEMPTIONS_NOT_ENABLED: entry(404, 'Redemptions not enabled'),
  // Trading domain, raised by the chain layer (shared/src/chain/chain-errors.ts) from decoded contract reverts
  SLIPPAGE_EXCEEDED: entry(409, 'Slippage tolerance exceeded'),
  PRICE_LIMIT_EXCEEDED: entry(409, 'Price limit exceeded'),
  TRADE_AMOUNT_NOT_EXECUTABLE: entry(422, 'Trade amount not executable'),
  TRADE_ALREADY_EXECUTED: entry(409, 'Trade already executed'),
  EXECUTION_TIMEOUT: entry(504, 'Execution deadline passed'),
  MARKET_STATE_CONFLICT: entry(409, 'Market state does not allow this action'),
  // Trade lifecycle: the state a trade is in, and why a pending trade was refused before it executed
  TRADE_STATE_CONFLICT: entry(409, 'Trade state does not allow this action'),
  TRADE_REJECTED_BY_OPERATOR: entry(409, 'Trade rejected by an operator'),
  TRADE_CANCELLED: entry(409, 'Trade cancelled by its client'),
  TRADE_PROCESSING_HALTED: entry(503, 'Trade processing halted', true),
  // Webhooks
  WEBHOOK_REPLAY_LIMIT_REACHED: entry(429, 'Webhook replay limit reached'),
  WEBHOOK_SECRET_ROTATION_COOLDOWN: entry(429, 'Webhook secret rotation cooldown', false, 60),
  WEBHOOK_NOT_CONFIGURED: entry(409, 'Webhook not configured'),
  // Operations and infrastructure
  ROUTE_DISABLED: entry(503, 'Route disabled', true, 60),
  DEPENDENCY_UNAVAILABLE: entry(503, 'Dependency unavailable', true, 30),
  CHAIN_REVERTED: entry(502, 'Chain transaction reverted'),
  NOT_IMPLEMENTED: entry(501, 'Not implemented'),
  INTERNAL_ERROR: entry(500, 'Internal server error'),
  // Public read API (spec/public-read-api.md error table)
  INVALID_REQUEST: entry(400, 'Bad Request'),
  INVALID_SIDE: entry(400, 'Bad Request'),
  THREAD_NOT_FOUND: entry(404, 'Not Found'),
  MARKET_NOT_FOUND: entry(404, 'Not Found'),
  NOT_FOUND: entry(404, 'Not Found'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalogue, value);
}

export const errorCodes: ErrorCode[] = Object.keys(errorCatalogue).filter(isErrorCode);
