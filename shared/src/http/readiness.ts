import type { Logger } from '../logger/index.js';

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

/**
 * Runs every check concurrently, each bounded by `timeoutMs`. Logs a check's failure when it starts failing and its
 * recovery when it passes again (probes run every few seconds; one line per transition, not per probe).
 */
export function createReadinessProbe(
  checks: readonly ReadinessCheck[],
  logger: Logger,
  timeoutMs: number,
): ReadinessProbe {
  const failing = new Set<string>();

  async function runOne(readinessCheck: ReadinessCheck): Promise<CheckStatus> {
    try {
      await withTimeout(readinessCheck.check(), timeoutMs, readinessCheck.name);
      if (failing.delete(readinessCheck.name))
        logger.info({ check: readinessCheck.name }, 'readiness check passes again');
      return 'ok';
    } catch (error) {
      if (!failing.has(readinessCheck.name))
        logger.warn({ err: error, check: readinessCheck.name }, 'readiness check failed');
      failing.add(readinessCheck.name);
      return 'fail';
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

async function withTimeout(work: Promise<void>, timeoutMs: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`readiness check ${name} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
