/*
 * Claims left open too long: a job that was lost or parked (still `pending`), or a worker that died between the
 * pending → executing step and the end of the redeem (`executing`). Each is settled again; the redemption id is the
 * once-only on-chain id, so resuming an `executing` claim whose redeem already ran returns that execution instead
 * of paying twice.
 */
import { listStalledRedemptions } from '#shared/db/redemptions/redemptions.repository.js';
import { settleRedemptionInPass, type SettleRedemptionDeps } from './settle-redemption.use-case.js';

export interface ResumeStalledOptions {
  /** A claim untouched this long counts as stalled. */
  stalledAfterMs: number;
  batchSize?: number;
  /** Stops between claims (loop stopping, leadership lost). */
  signal?: AbortSignal;
}

/** Settles the stalled claims; resolves with how many it looked at. */
export async function resumeStalledRedemptions(
  deps: SettleRedemptionDeps,
  options: ResumeStalledOptions,
): Promise<number> {
  const now = deps.now ?? (() => new Date());
  const before = new Date(now().getTime() - options.stalledAfterMs);
  const stalled = await listStalledRedemptions(deps.db, before, options.batchSize ?? 50);
  for (const redemption of stalled) {
    if (options.signal?.aborted) break;
    deps.logger.warn({ event: 'redemption.resumed', redemptionId: redemption.id, status: redemption.status });
    await settleRedemptionInPass(deps, { redemptionId: redemption.id, resumeExecuting: true });
  }
  return stalled.length;
}
