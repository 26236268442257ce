/*
 * Automatic payouts (REDEMPTIONS_ENABLED=false: no self-service claims). For markets the indexer reports as
 * RESOLVED or CANCELLED, finds users whose smart accounts hold claimable positions (indexed trades joined to the
 * users' smart accounts) and creates and settles a claim for each, through the same settlement as self-service
 * claims. One pass handles at most `batchSize` positions; the leader loop runs passes. No job is queued for these
 * claims: one left open by a crash between insert and settlement is resumed by the stalled-claims reconciler.
 */
import {
  insertOpenRedemption,
  isOpenClaimConflict,
  listAutoRedeemCandidates,
} from '#shared/db/redemptions/redemptions.repository.js';
import { settleRedemptionInPass, type SettleOutcome, type SettleRedemptionDeps } from './settle-redemption.use-case.js';

export interface AutoRedeemOptions {
  batchSize?: number;
  /** A position whose automatic claims failed this many times is left to an operator. Default 1. */
  maxFailedClaims?: number;
  /** Stops the pass between positions (loop stopping, leadership lost). */
  signal?: AbortSignal;
}

export type AutoRedeemReport = Partial<Record<SettleOutcome | 'skipped', number>>;

export async function autoRedeemSettledPositions(
  deps: SettleRedemptionDeps,
  options: AutoRedeemOptions = {},
): Promise<AutoRedeemReport> {
  const now = deps.now ?? (() => new Date());
  const candidates = await listAutoRedeemCandidates(deps.db, {
    chainId: deps.writer.chain.id,
    maxFailedClaims: options.maxFailedClaims ?? 1,
    limit: options.batchSize ?? 50,
  });
  const report: AutoRedeemReport = {};
  const count = (outcome: SettleOutcome | 'skipped') => (report[outcome] = (report[outcome] ?? 0) + 1);
  for (const candidate of candidates) {
    if (options.signal?.aborted) break;
    let redemptionId: string;
    try {
      const claim = await insertOpenRedemption(deps.db, { ...candidate, apiKeyId: null, createdAt: now() });
      redemptionId = claim.id;
    } catch (error) {
      // A claim of the position opened meanwhile: whoever opened it settles it.
      if (isOpenClaimConflict(error)) {
        count('skipped');
        continue;
      }
      throw error;
    }
    count(await settleRedemptionInPass(deps, { redemptionId }));
  }
  if (candidates.length > 0) deps.logger.info({ event: 'redemption.auto_redeem_pass', ...report }, 'auto-redeem pass');
  return report;
}
