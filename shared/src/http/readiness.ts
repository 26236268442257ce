import type { Logger } from '../logger/logger.js';
import { isRetryableError, transientSummary } from '../messaging/error-classification.js';
import { withinTime } from '../runtime/within-time.js';

/** One dependency of readiness (MySQL, Redis, RabbitMQ, chain RPC…). `check` throws (or rejects) when not ready. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export type CheckStatus = 'ok' | 'fail';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckStatus>;
}

export interface ReadinessProbe {
  run(): Promise<ReadinessReport>;
}

export const DEFAULT_READINESS_TIMEOUT_MS = 1_000;

/** A dependency that is still connecting: an expected, transient state rather than a fault. */
export class DependencyNotReady extends Error {
  override readonly name = 'DependencyNotReady';

  constructor(
    message: string,
    readonly code = 'NOT_READY',
  ) {
    super(message);
  }
}

/** Not connected yet, or a network failure, connection-pool timeout and the like (see isRetryableError). */
function isExpectedTransient(error: unknown): boolean {
  return error instanceof DependencyNotReady || isRetryableError(error);
}

/**
 * Runs every check concurrently, each bounded by `timeoutMs`. Logs a check's failure when it starts failing and its
 * recovery when it passes again (probes run every few seconds; one line per transition, not per probe). While a
 * check has never passed (start-up), an expected transient failure (still connecting) is one info line with its
 * code and message, no stack; any other failure, and every failure after start-up, is a warning with the error.
 */
export function createReadinessProbe(
  checks: readonly ReadinessCheck[],
  logger: Logger,
  timeoutMs: number,
): ReadinessProbe {
  const failing = new Set<string>();
  const started = new Set<string>();

  async function runOne(readinessCheck: ReadinessCheck): Promise<CheckStatus> {
    try {
      const { name } = readinessCheck;
      await withinTime(
        () => readinessCheck.check(),
        timeoutMs,
        `readiness check ${name}`,
        () => new DependencyNotReady(`readiness check ${name} timed out after ${timeoutMs} ms`, 'TIMED_OUT'),
      );
      started.add(readinessCheck.name);
      if (failing.delete(readinessCheck.name))
        logger.info({ check: readinessCheck.name }, 'readiness check passes again');
      return 'ok';
    } catch (error) {
      if (!failing.has(readinessCheck.name)) logFailure(readinessCheck.name, error);
      failing.add(readinessCheck.name);
      return 'fail';
    }
  }

  function logFailure(check: string, error: unknown): void {
    if (!started.has(check) && isExpectedTransient(error)) {
      logger.info({ check, error: transientSummary(error) }, 'readiness check waiting for its dependency to start');
    } else {
      logger.warn({ err: error, check }, 'readiness check failed');
    }
  }

  return {
    async run() {
      const statuses = await Promise.all(checks.map(runOne));
      const report: ReadinessReport = { ready: true, checks: {} };
      checks.forEach((readinessCheck, index) => {
        const status = statuses[index] ?? 'fail';
        report.checks[readinessCheck.name] = status;
        if (status === 'fail') report.ready = false;
      });
      return report;
    },
  };
}
