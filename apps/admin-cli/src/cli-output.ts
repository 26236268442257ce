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

/**
 * Prints an error (as `{ error: { code, message, …recovery facts } }` with --json) and returns the exit code to use.
 * The recovery facts (recoveryFactsOf) are printed too: whether a sent transaction happened is for the operator to
 * look up by its hash.
 */
export function printError(io: CliIo, json: boolean, error: unknown): number {
  const appError = toCliError(error);
  const message = appError.code === 'INTERNAL_ERROR' && error instanceof Error ? error.message : appError.detail;
  writeError(io, json, appError.code, message, recoveryFactsOf(appError));
  return exitCodeFor(appError);
}

/**
 * Facts a failed command may carry in its AppError's extensions that tell an operator what already happened, each
 * with its label on a human error: a sent transaction (pending, mined or reverted: look it up before running again),
 * the id a create chose (give it to `--id` on the next run), the contract deployed for it.
 */
const RECOVERY_FACTS = [
  ['txHash', 'transaction'],
  ['marketId', 'market id'],
  ['contractAddress', 'contract'],
] as const;
export type RecoveryFacts = Partial<Record<(typeof RECOVERY_FACTS)[number][0], string>>;

/** The recovery facts of an error (only those that are text: an extension never prints a nested object). */
export function recoveryFactsOf(error: unknown): RecoveryFacts {
  if (!isAppError(error)) return {};
  const facts: RecoveryFacts = {};
  for (const [key] of RECOVERY_FACTS) {
    const value = error.extensions[key];
    if (typeof value === 'string') facts[key] = value;
  }
  return facts;
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

function writeError(io: CliIo, json: boolean, code: string, message: string, facts: RecoveryFacts): void {
  if (json) {
    io.stdout(`${JSON.stringify({ error: { code, message, ...facts } })}\n`);
    return;
  }
  const lines = RECOVERY_FACTS.flatMap(([key, label]) =>
    facts[key] === undefined ? [] : [`  ${label}: ${facts[key]}\n`],
  );
  io.stderr(`error: ${code}: ${message}\n${lines.join('')}`);
}

function exitCodeFor(error: AppError): number {
  if (error.code === 'DEPENDENCY_UNAVAILABLE') return exitCodes.unavailable;
  if (error.status === 400) return exitCodes.usage;
  if (error.status === 404) return exitCodes.notFound;
  if (error.status === 409) return exitCodes.conflict;
  return exitCodes.failure;
}
