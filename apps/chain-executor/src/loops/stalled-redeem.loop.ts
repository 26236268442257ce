import { runLeaderLoop } from '#shared/runtime/leader-loop.js';
import {
  resumeStalledRedemptions,
  type ResumeStalledOptions,
} from '../use-cases/resume-stalled-redemptions.use-case.js';
import type { SettleRedemptionDeps } from '../use-cases/settle-redemption.use-case.js';

export interface StalledRedeemLoopSettings extends Omit<ResumeStalledOptions, 'signal'> {
  intervalMs: number;
}

/** Leader-elected resumption of claims left open too long (lost jobs, dead workers). Returns its stop function. */
export function startStalledRedeemLoop(
  deps: SettleRedemptionDeps,
  settings: StalledRedeemLoopSettings,
): () => Promise<void> {
  const { intervalMs, ...options } = settings;
  return runLeaderLoop({
    db: deps.db,
    lockName: `redemptions:stalled:${deps.writer.chain.id}`,
    intervalMs,
    logger: deps.logger,
    work: async (roundSignal) => {
      await resumeStalledRedemptions(deps, { ...options, signal: roundSignal });
    },
  });
}
