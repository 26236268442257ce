import { AppError, isAppError } from '#shared/errors/app-error.js';
import { messageOf } from '#shared/errors/thrown-values.js';
import { isRetryableError } from '#shared/messaging/error-classification.js';

/** Exit codes of foretell-admin, stable for scripts. */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  conflict: 4,
  /** The command did what it could and printed its result, but left work a rerun or a person must finish. */
  incomplete: 5,
  unavailable: 69,
  config: 78,
} as const;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Prints a command's result: exactly one JSON object with --json, otherwise the human lines. */
export function printResult(io: CliIo, json: boolean, result: Record<string, unknown>, human: string[]): void {
  if (json) io.stdout(`${JSON.stringify(result)}\n`);
  else io.stdout(`${human.join('\n')}\n`);
}

/** Prints an error (as `{ error: { code, message } }` with --json) and returns the exit code to use. */
export function printError(io: CliIo, json: boolean, error: unknown): number {
  const appError = toCliError(error);
  const message = appError.code === 'INTERNAL_ERROR' && error instanceof Error ? error.message : appError.detail;
  writeError(io, json, appError.code, message);
  return exitCodeFor(appError);
}

/**
 * What a command's failure is reported as (output, exit code and audit outcome alike): an AppError as it is; a
 * database or network that does not answer as DEPENDENCY_UNAVAILABLE (exit 69); anything else as INTERNAL_ERROR.
 */
export function toCliError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isRetryableError(error)) {
    const reason = messageOf(error);
    return new AppError('DEPENDENCY_UNAVAILABLE', { detail: `A dependency is unavailable: ${reason}`, cause: error });
  }
  return new AppError('INTERNAL_ERROR', { cause: error });
}

function writeError(io: CliIo, json: boolean, code: string, message: string): void {
  if (json) io.stdout(`${JSON.stringify({ error: { code, message } })}\n`);
  else io.stderr(`error: ${code}: ${message}\n`);
}

function exitCodeFor(error: AppError): number {
  if (error.code === 'DEPENDENCY_UNAVAILABLE') return exitCodes.unavailable;
  if (error.status === 400) return exitCodes.usage;
  if (error.status === 404) return exitCodes.notFound;
  if (error.status === 409) return exitCodes.conflict;
  return exitCodes.failure;
}
