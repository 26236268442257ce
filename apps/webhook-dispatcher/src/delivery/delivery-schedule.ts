/*
 * Retry classification and schedule of webhook deliveries (DESIGN §6). Pure: the dispatcher applies it, tests
 * drive it on an injected clock and random source.
 *   - 2xx acknowledges; 3xx (never followed), 408, 429, 5xx, timeouts and network errors retry; other 4xx fail at
 *     once; a refused target (SSRF policy) or an unusable URL fails at once.
 *   - After the first attempt: 30 s, 2 m, 8 m, 30 m, 1 h, 2 h, 4 h, 6 h, 9 h (≈ 23 h, 10 attempts), each ±20 %.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  8 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  6 * 60 * 60_000,
  9 * 60 * 60_000,
];
export const MAX_SCHEDULED_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const RETRY_JITTER = 0.2;

/** Why an attempt did not deliver: the `lastFailureCode` clients read. */
export const deliveryFailureCodes = [
  'HTTP_REDIRECT',
  'HTTP_CLIENT_ERROR',
  'HTTP_RATE_LIMITED',
  'HTTP_SERVER_ERROR',
  'TIMEOUT',
  'CONNECTION_REFUSED',
  'CONNECTION_RESET',
  'DNS_FAILURE',
  'TLS_ERROR',
  'NETWORK_ERROR',
  'TARGET_REFUSED',
  'URL_NOT_ALLOWED',
  'WEBHOOK_NOT_CONFIGURED',
] as const;
export type DeliveryFailureCode = (typeof deliveryFailureCodes)[number];

export type AttemptVerdict = 'delivered' | 'retry' | 'fail';

/** What the receiver answered, or why there was no answer. */
export type AttemptResult = { statusCode: number } | { failureCode: DeliveryFailureCode };

export function failureCodeOfStatus(statusCode: number): DeliveryFailureCode | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return 'HTTP_REDIRECT';
  if (statusCode === 429) return 'HTTP_RATE_LIMITED';
  if (statusCode >= 500) return 'HTTP_SERVER_ERROR';
  return 'HTTP_CLIENT_ERROR';
}

const FAIL_AT_ONCE: ReadonlySet<DeliveryFailureCode> = new Set([
  'TARGET_REFUSED',
  'URL_NOT_ALLOWED',
  'WEBHOOK_NOT_CONFIGURED',
]);

export function classifyAttempt(result: AttemptResult): AttemptVerdict {
  if ('statusCode' in result) {
    const { statusCode } = result;
    if (statusCode >= 200 && statusCode < 300) return 'delivered';
    if (statusCode < 400 || statusCode === 408 || statusCode === 429 || statusCode >= 500) return 'retry';
    return 'fail';
  }
  return FAIL_AT_ONCE.has(result.failureCode) ? 'fail' : 'retry';
}

/**
 * The wait before the next scheduled attempt after `attemptsMade` failed ones, jittered by ±20 % with `random`
 * in [0, 1); null once the schedule is spent (the event fails terminally).
 */
export function nextRetryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined || attemptsMade < 1) return null;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}
