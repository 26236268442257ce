import { wadToDecimalString } from '#shared/db/column-values.js';
import type { PortfolioView, PositionView } from '../use-cases/portfolio.use-case.js';

const decimalOrNull = (wad: bigint | null) => (wad === null ? null : wadToDecimalString(wad));
const sum = (positions: readonly PositionView[], member: 'costBasis' | 'value' | 'unrealizedPnl') =>
  positions.reduce((total, position) => total + position[member], 0n).toString();

/** A Position (components/account-schemas.yaml): prices as 18-decimal strings, money as signed atomic-6 strings. */
export function presentPosition(position: PositionView) {
  return {
    marketId: position.marketId,
    outcomeIndex: position.outcomeIndex,
    shares: position.shares.toString(),
    costBasis: position.costBasis.toString(),
    tradeCount: position.tradeCount,
    firstTradeAt: position.firstTradeAt?.toISOString() ?? null,
    lastTradeAt: position.lastTradeAt?.toISOString() ?? null,
    markPrice: decimalOrNull(position.markPrice),
    value: position.value.toString(),
    averagePrice: decimalOrNull(position.averagePrice),
    realizedPnl: position.realizedPnl.toString(),
    unrealizedPnl: position.unrealizedPnl.toString(),
  };
}

/** The Portfolio summary: open positions with their cost, value and unrealized profit summed, and realized profit. */
export function presentPortfolio(portfolio: PortfolioView) {
  return {
    smartAccountAddress: portfolio.smartAccountAddress,
    usdcBalance: portfolio.usdcBalance.toString(),
    activePositions: portfolio.positions.length,
    totalCostBasis: sum(portfolio.positions, 'costBasis'),
    totalValue: sum(portfolio.positions, 'value'),
    totalRealizedPnl: portfolio.totalRealizedPnl.toString(),
    totalUnrealizedPnl: sum(portfolio.positions, 'unrealizedPnl'),
  };
}
