import { runLeaderLoop } from '#shared/runtime/leader-loop.js';
import { expireConfirmations, type ExpireConfirmationDeps } from '../use-cases/expire-confirmation.use-case.js';

export interface ExpireLoopSettings {
  /** CONFIRMATION_EXPIRY_POLL_MS */
  pollMs: number;
  batchSize: number;
}

/** Leader-elected: fails unconfirmed high-value trades whose window ended. Returns its stop function. */
export function startExpireConfirmationsLoop(
  deps: ExpireConfirmationDeps,
  settings: ExpireLoopSettings,
): () => Promise<void> {
  return runLeaderLoop({
    db: deps.db,
    lockName: 'trades:expire-confirmations',
    intervalMs: settings.pollMs,
    logger: deps.logger,
    work: async (signal) => {
      // A full batch means more are due: take them now rather than after the next pause (unless stopping).
      while (!signal.aborted && (await expireConfirmations(deps, settings.batchSize)) === settings.batchSize);
    },
  });
}
