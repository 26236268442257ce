import type { MarketTradeRecord } from '#shared/db/market-trades/market-trades.repository.js';

/** A Prediction (components/market-schemas.yaml): one trade seen on the market's contract. */
export function presentPrediction(trade: MarketTradeRecord) {
  return {
    id: trade.id,
    outcomeIndex: trade.outcomeIndex,
    side: trade.side,
    usdc: trade.usdcAtomic.toString(),
    tokens: trade.tokens.toString(),
    price: trade.price.toString(),
    probabilityAfter: trade.probabilityAfter.toString(),
    trader: trade.trader,
    txHash: trade.txHash,
    occurredAt: trade.blockTime.toISOString(),
  };
}
