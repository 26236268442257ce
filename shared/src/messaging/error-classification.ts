import { codeOf } from '../errors/thrown-values.js';
import { isAppError } from '../errors/app-error.js';

/** Network failures of the process's own dependencies (MySQL, Redis, RPC, HTTP): worth another try. */
const TRANSIENT_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** MySQL/MariaDB errors that a second attempt of the same transaction can succeed past. */
const TRANSIENT_MYSQL_CODES = new Set([
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_INTERRUPTED',
]);

const TRANSIENT_ERROR_NAMES = new Set(['KnexTimeoutError', 'TimeoutError']);

/**
 * Failures without a code: mysql2's for a query on a connection that died meanwhile (MariaDB restarted under an open
 * transaction: its ROLLBACK gets this; knex prefixes the message with the SQL, `ROLLBACK - …`), and ioredis's for a
 * command while it is not connected (it queues none: `enableOfflineQueue` is off).
 */
const TRANSIENT_MESSAGE_ENDINGS = [
  "Can't add new command when connection is in closed state",
  "Stream isn't writeable and enableOfflineQueue options is false",
];

/**
 * Whether a consumer should requeue a message whose handler threw `error`.
 *
 * An AppError decides by its `retry` flag (catalogue default or the thrower's override). Otherwise the error and
 * its `cause` chain are searched for a known transient failure (network errors, deadlocks, pool timeouts). Anything
 * else — a bug, a validation failure, an unknown error — is not retried: it goes to the parking queue for a human
 * rather than looping until the delivery limit.
 */
export function isRetryableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (isAppError(current)) return current.retry;
    if (isTransient(current)) return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  const name = 'name' in error ? error.name : undefined;
  const message = 'message' in error ? error.message : undefined;
  if (typeof code === 'string' && (TRANSIENT_SYSTEM_CODES.has(code) || TRANSIENT_MYSQL_CODES.has(code))) return true;
  if (typeof message === 'string' && TRANSIENT_MESSAGE_ENDINGS.some((ending) => message.endsWith(ending))) return true;
  return typeof name === 'string' && TRANSIENT_ERROR_NAMES.has(name);
}

/** One-line form of an expected, transient failure for a log (its code and message, never a stack). */
export function transientSummary(error: unknown): { code: string; message: string } {
  if (!(error instanceof Error)) return { code: 'UNKNOWN', message: String(error) };
  const code = codeOf(error);
  return { code: typeof code === 'string' ? code : error.name, message: error.message };
}

/**
 * An error as a log line carries it: an expected, transient failure (isRetryableError) as its one-line summary, and
 * anything else whole, stack and causes included, for a human to act on.
 */
export function errorForLog(error: unknown): unknown {
  return isRetryableError(error) ? transientSummary(error) : error;
}
