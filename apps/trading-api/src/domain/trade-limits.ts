/**
 * Spending limits of the trading API (spec/trading-api.md "Limits"): per-key caps with tier defaults that enterprise
 * and mm keys may override at issuance. All amounts are USDC atomic units.
 */
import type { ApiKeyTier } from '#shared/auth/tiers.js';
import { usdc } from '#shared/domain/trade-amount.js';

export interface TradeLimits {
  /** Rolling 24 h sum of the key's buys (every status but failed and rejected). */
  dailySpendLimit: bigint;
  /** Any single buy or sell. */
  perTradeLimit: bigint;
  /** At or above it a trade needs confirmation; null = never. */
  highValueThreshold: bigint | null;
  /** Seconds a high-value trade waits for its confirmation. */
  confirmationWindowS: number;
}

/** DESIGN.md §6: the confirmation window defaults to 60 s (per-key override 10 s to 24 h). */
export const DEFAULT_CONFIRMATION_WINDOW_S = 60;
export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const tierTradeLimits: Record<ApiKeyTier, Omit<TradeLimits, 'confirmationWindowS'>> = {
  free: { dailySpendLimit: usdc(1_000), perTradeLimit: usdc(500), highValueThreshold: null },
  developer: { dailySpendLimit: usdc(10_000), perTradeLimit: usdc(2_500), highValueThreshold: null },
  enterprise: { dailySpendLimit: usdc(100_000), perTradeLimit: usdc(25_000), highValueThreshold: usdc(25_000) },
  mm: { dailySpendLimit: usdc(1_000_000), perTradeLimit: usdc(50_000), highValueThreshold: usdc(50_000) },
};

export interface KeyLimitOverrides {
  tier: ApiKeyTier;
  dailySpendLimit: bigint | null;
  perTradeLimit: bigint | null;
  highValueThreshold: bigint | null;
  confirmationWindowS: number | null;
}

/** The key's limits: each override where the key has one, else its tier's default. */
export function effectiveTradeLimits(key: KeyLimitOverrides): TradeLimits {
  const tier = tierTradeLimits[key.tier];
  return {
    dailySpendLimit: key.dailySpendLimit ?? tier.dailySpendLimit,
    perTradeLimit: key.perTradeLimit ?? tier.perTradeLimit,
    highValueThreshold: key.highValueThreshold ?? tier.highValueThreshold,
    confirmationWindowS: key.confirmationWindowS ?? DEFAULT_CONFIRMATION_WINDOW_S,
  };
}

export type SpendingCap = 'per_trade' | 'daily_volume';

/**
 * Which cap a new trade would pass, if any. Sells draw only on the per-trade cap; buys also on the daily cap, where
 * `recentBuyVolume` is the key's rolling 24 h buy sum before this trade.
 */
export function exceededCap(
  limits: Pick<TradeLimits, 'dailySpendLimit' | 'perTradeLimit'>,
  trade: { side: 'buy' | 'sell'; amountAtomic: bigint },
  recentBuyVolume: bigint,
): SpendingCap | null {
  if (trade.amountAtomic > limits.perTradeLimit) return 'per_trade';
  if (trade.side === 'buy' && recentBuyVolume + trade.amountAtomic > limits.dailySpendLimit) return 'daily_volume';
  return null;
}

/** Whether a trade of this amount needs a confirmation (at or above the threshold). */
export function needsConfirmation(limits: Pick<TradeLimits, 'highValueThreshold'>, amountAtomic: bigint): boolean {
  return limits.highValueThreshold !== null && amountAtomic >= limits.highValueThreshold;
}
