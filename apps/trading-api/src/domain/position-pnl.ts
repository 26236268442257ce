/*
 * Profit and loss of one position by the average-cost method (issue 31), in exact bigint arithmetic:
 * - a buy adds its tokens and the USDC paid (fee included) to the open cost;
 * - a sell takes out open cost in proportion to the tokens sold (openCost × sold ÷ held, rounded down, so the
 *   remainder stays with the tokens still held) and realizes the proceeds minus that cost;
 * - what the held tokens are worth (`value`, at the mark price or, once resolved, at their payout) minus the open
 *   cost is the unrealized profit.
 * Tokens sold beyond what the trades bought (received some other way) carry no cost. USDC is atomic-6, tokens and
 * prices WAD-18.
 */
import { USDC_TO_WAD, WAD } from '#shared/domain/units.js';

export interface PositionTrade {
  side: 'buy' | 'sell';
  /** WAD-18 tokens bought or sold. */
  tokens: bigint;
  /** USDC atomic-6 paid (buy) or received (sell). */
  usdc: bigint;
}

export interface PositionLedger {
  /** WAD-18 tokens the trades leave held. */
  shares: bigint;
  /** USDC atomic-6 cost of those tokens. */
  openCost: bigint;
  /** USDC atomic-6, signed. */
  realizedPnl: bigint;
}

/** The ledger after `trades`, oldest first. */
export function averageCostLedger(trades: readonly PositionTrade[]): PositionLedger {
  let shares = 0n;
  let openCost = 0n;
  let realizedPnl = 0n;
  for (const trade of trades) {
    if (trade.side === 'buy') {
      shares += trade.tokens;
      openCost += trade.usdc;
      continue;
    }
    const sold = trade.tokens < shares ? trade.tokens : shares;
    const costOfSold = shares > 0n ? (openCost * sold) / shares : 0n;
    realizedPnl += trade.usdc - costOfSold;
    openCost -= costOfSold;
    shares -= sold;
  }
  return { shares, openCost, realizedPnl };
}

/** WAD-18 USDC per token paid on average for the held tokens; null when none are held. */
export function averagePrice(ledger: Pick<PositionLedger, 'shares' | 'openCost'>): bigint | null {
  return ledger.shares > 0n ? (ledger.openCost * USDC_TO_WAD * WAD) / ledger.shares : null;
}

/** USDC atomic-6 that `shares` (WAD-18) are worth at `price` (WAD-18 USDC per token), rounded down. */
export function valueAtPrice(shares: bigint, price: bigint): bigint {
  return (shares * price) / (WAD * USDC_TO_WAD);
}
