import type { RedemptionRecord } from '#shared/db/redemptions/redemptions.repository.js';

/** components/account-schemas.yaml Redemption: every member present, nullable ones as null; big integers as strings. */
export function presentRedemption(redemption: RedemptionRecord) {
  return {
    id: redemption.id,
    marketId: redemption.marketId,
    outcomeIndex: redemption.outcomeIndex,
    status: redemption.status,
    tokens: redemption.tokens === null ? null : redemption.tokens.toString(),
    payout: redemption.payout === null ? null : redemption.payout.toString(),
    txHash: redemption.txHash,
    errorCode: redemption.errorCode,
    errorMessage: redemption.errorMessage,
    createdAt: redemption.createdAt.toISOString(),
    updatedAt: redemption.updatedAt.toISOString(),
    settledAt: redemption.settledAt === null ? null : redemption.settledAt.toISOString(),
  };
}
