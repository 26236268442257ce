import { AppError } from '#shared/errors/app-error.js';

/**
 * The 503 DEPENDENCY_UNAVAILABLE (Retry-After: 30) of a write whose limiter cannot reach Redis: writes fail closed
 * (DESIGN.md §6), whichever algorithm limits them.
 */
export function limiterUnavailable(cause: unknown): AppError {
  return new AppError('DEPENDENCY_UNAVAILABLE', {
    detail: 'The rate limiter is unavailable; write requests are refused until it recovers.',
    cause,
  });
}
