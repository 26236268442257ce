/*
 * The log line of a failure that every request, message or open stream would otherwise log while a dependency is
 * down: at most one line per interval, saying how many it held back since the one before, with the error as the
 * logger serializes every `err` (an expected, transient failure in one line, anything else whole).
 */
import type { Logger } from './logger.js';

/** Logs `error` (with `fields`) unless a line of this failure was written less than the interval ago. */
export type FailureLog = (error: unknown, fields?: Record<string, unknown>) => void;

/** Default: one line per 30 s of an outage. */
const DEFAULT_INTERVAL_MS = 30_000;

export function createFailureLog(
  logger: Logger,
  line: { event: string; message: string; intervalMs?: number },
  now: () => number = Date.now,
): FailureLog {
  const intervalMs = line.intervalMs ?? DEFAULT_INTERVAL_MS;
  let lastAt = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return (error, fields = {}) => {
    const at = now();
    if (at - lastAt < intervalMs) {
      heldBack += 1;
      return;
    }
    lastAt = at;
    logger.warn({ event: line.event, ...fields, heldBack, err: error }, line.message);
    heldBack = 0;
  };
}
