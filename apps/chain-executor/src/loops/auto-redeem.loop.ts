import { runLeaderLoop } from '#shared/runtime/leader-loop.js';
import { autoRedeemSettledPositions, type AutoRedeemOptions } from '../use-cases/auto-redeem.use-case.js';
import type { SettleRedemptionDeps } from '../use-cases/settle-redemption.use-case.js';

export interface AutoRedeemLoopSettings extends Omit<AutoRedeemOptions, 'signal'> {
  intervalMs: number;
}

/** Leader-elected automatic payouts of settled positions (self-service redemption off). Returns its stop function. */
export function startAutoRedeemLoop(deps: SettleRedemptionDeps, settings: AutoRedeemLoopSettings): () => Promise<void> {
  const { intervalMs, ...options } = settings;
  return runLeaderLoop({
    db: deps.db,
    lockName: `redemptions:auto:${deps.writer.chain.id}`,
    intervalMs,
    logger: deps.logger,
    work: async (roundSignal) => {
      await autoRedeemSettledPositions(deps, { ...options, signal: roundSignal });
    },
  });
}
