/*
 * Pure mapping of decoded market events (one block range) to the rows the indexer writes: market_trades, one
 * price point per trade with the cumulative volume, and the markets' lifecycle changes. No I/O here.
 */
import { createHash } from 'node:crypto';
import type { MarketEvent } from '../chain/market-events.js';
import type { MarketPrices } from '#shared/chain/market-reads.js';
import type { MarketChainStatus } from '#shared/db/markets/markets.repository.js';
import type { NewMarketTrade } from '#shared/db/market-trades/market-trades.repository.js';
import type { NewPricePoint } from '#shared/db/price-points/price-points.repository.js';
import { averagePriceWad } from '#shared/domain/units.js';

export type TradeEvent = Extract<MarketEvent, { type: 'Bought' | 'Sold' }>;

/** Namespace of the indexer's UUIDv5 ids (a fixed random UUID). */
const TRADE_ID_NAMESPACE = Buffer.from('6f0c2a4e9b1d4c7a8e3f5a2b7c9d1e0f', 'hex');

export const isTradeEvent = (event: MarketEvent): event is TradeEvent =>
  event.type === 'Bought' || event.type === 'Sold';

/** `<tx hash>:<log index>`: identifies a log on one chain. */
export const logKey = (event: { txHash: string; logIndex: number }): string =>
  `${event.txHash.toLowerCase()}:${event.logIndex}`;

/** `<market address>:<block>`: where a price read applies. */
export const priceKey = (market: string, blockNumber: bigint): string => `${market.toLowerCase()}:${blockNumber}`;

/** The market_trades id of a log: a UUIDv5 of (chain id, tx hash, log index), so a replay finds the same row. */
export function marketTradeId(chainId: number, txHash: string, logIndex: number): string {
  const hash = createHash('sha1')
    .update(TRADE_ID_NAMESPACE)
    .update(`${chainId}:${txHash.toLowerCase()}:${logIndex}`)
    .digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RangeRowsInput {
  chainId: number;
  /** Decoded events of the range, in chain order, with block timestamps filled. */
  events: readonly MarketEvent[];
  /** Market UUID by lower-case contract address. */
  marketIds: ReadonlyMap<string, string>;
  /** Prices at the end of each (market, block) that has trades, by {@link priceKey}. */
  pricesAt: ReadonlyMap<string, MarketPrices>;
  /** The `trades` row behind a trade log, by {@link logKey} (only ids that exist in `trades`). */
  tradeIds: ReadonlyMap<string, string>;
  /** Each market's volume (USDC atomic) before the range's first block. */
  volumeBefore: ReadonlyMap<string, bigint>;
}

export interface RangeRows {
  trades: NewMarketTrade[];
  pricePoints: NewPricePoint[];
  /** The final lifecycle change of each market whose state changed in the range. */
  statusChanges: MarketChainStatus[];
  /** Markets whose aggregates must be recomputed. */
  tradedMarketIds: string[];
}

const blockTimeOf = (event: MarketEvent): Date => {
  if (event.blockTimestamp === undefined) throw new Error(`no block time for block ${event.blockNumber}`);
  return new Date(event.blockTimestamp * 1000);
};

/** Maps one range's events to rows; throws when a trade's prices or a block time are missing (a caller bug). */
export function buildRangeRows(input: RangeRowsInput): RangeRows {
  const trades: NewMarketTrade[] = [];
  const pricePoints: NewPricePoint[] = [];
  const statuses = new Map<string, MarketChainStatus>();
  const cumulative = new Map(input.volumeBefore);
  for (const event of input.events) {
    const marketId = input.marketIds.get(event.market.toLowerCase());
    if (marketId === undefined) continue;
    if (isTradeEvent(event)) {
      const prices = input.pricesAt.get(priceKey(event.market, event.blockNumber));
      if (!prices) throw new Error(`no prices for ${event.market} at block ${event.blockNumber}`);
      const trade = toTradeRow(input, event, marketId, prices);
      const volume = (cumulative.get(marketId) ?? 0n) + trade.usdc;
      cumulative.set(marketId, volume);
      trades.push(trade);
      pricePoints.push({
        marketId,
        marketTradeId: trade.id,
        recordedAt: trade.blockTime,
        blockNumber: trade.blockNumber,
        prices: prices.p,
        probabilities: prices.q,
        cumulativeVolume: volume,
      });
    } else {
      const next = foldStatus(statuses.get(marketId) ?? { marketId, status: 'OPEN' }, event);
      if (next) statuses.set(marketId, next);
    }
  }
  return {
    trades,
    pricePoints,
    statusChanges: [...statuses.values()],
    tradedMarketIds: [...new Set(trades.map((trade) => trade.marketId))],
  };
}

function toTradeRow(input: RangeRowsInput, event: TradeEvent, marketId: string, prices: MarketPrices): NewMarketTrade {
  return {
    id: marketTradeId(input.chainId, event.txHash, event.logIndex),
    marketId,
    chainId: input.chainId,
    txHash: event.txHash.toLowerCase(),
    logIndex: event.logIndex,
    blockNumber: event.blockNumber,
    blockTime: blockTimeOf(event),
    trader: event.account,
    tradeId: input.tradeIds.get(logKey(event)) ?? null,
    outcomeIndex: event.outcomeIndex,
    side: event.side,
    usdc: event.usdcAmount,
    tokens: event.tokens,
    price: averagePriceWad(event.usdcAmount, event.tokens),
    probabilityAfter: prices.q[event.outcomeIndex] ?? 0n,
  };
}

/** Applies one lifecycle event to a market's pending change; undefined for events that change nothing. */
function foldStatus(current: MarketChainStatus, event: MarketEvent): MarketChainStatus | undefined {
  switch (event.type) {
    case 'StateChanged': {
      const settled = event.current === 'RESOLVED' || event.current === 'CANCELLED';
      return { ...current, status: event.current, ...(settled ? { resolveTime: blockTimeOf(event) } : {}) };
    }
    case 'MarketResolved':
      return { ...current, status: 'RESOLVED', winningOutcomes: event.winners, resolveTime: blockTimeOf(event) };
    case 'MarketCancelled':
      return { ...current, status: 'CANCELLED', resolveTime: blockTimeOf(event) };
    default:
      return undefined; // Redeemed, MarketInitialized: no market row change
  }
}
