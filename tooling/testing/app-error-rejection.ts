/* The AppError a promise rejects with, for tests that assert on its code, detail and extensions. */
import { AppError } from '#shared/errors/app-error.js';

/** Resolves with the AppError `promise` rejected with; throws when it resolved or rejected with anything else. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
