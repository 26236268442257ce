import type { PortfolioView, PositionView } from '../use-cases/portfolio.use-case.js';

/** A Position (components/account-schemas.yaml). */
export function presentPosition(position: PositionView) {
  return {
    marketId: position.marketId,
    outcomeIndex: position.outcomeIndex,
    shares: position.shares.toString(),
    costBasis: position.costBasis.toString(),
    tradeCount: position.tradeCount,
    firstTradeAt: position.firstTradeAt?.toISOString() ?? null,
    lastTradeAt: position.lastTradeAt?.toISOString() ?? null,
  };
}

/** The Portfolio summary: open positions and the cost basis summed over them. */
export function presentPortfolio(portfolio: PortfolioView) {
  return {
    smartAccountAddress: portfolio.smartAccountAddress,
    usdcBalance: portfolio.usdcBalance.toString(),
    activePositions: portfolio.positions.length,
    totalCostBasis: portfolio.positions.reduce((total, position) => total + position.costBasis, 0n).toString(),
  };
}
