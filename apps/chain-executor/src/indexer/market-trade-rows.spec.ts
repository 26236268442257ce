import { describe, expect, it } from '@jest/globals';
import type { Address, Hex } from 'viem';
import type { MarketEvent } from '../chain/market-events.js';
import type { MarketPrices } from '#shared/chain/market-reads.js';
import { buildRangeRows, logKey, marketTradeId, priceKey, type RangeRowsInput } from './market-trade-rows.js';

const WAD = 10n ** 18n;
const market = '0x00000000000000000000000000000000000000Aa' as Address;
const alice = '0x1111111111111111111111111111111111111111' as Address;
const bob = '0x2222222222222222222222222222222222222222' as Address;
const marketId = '0b9f5a2e-1c3d-4e5f-8a7b-9c0d1e2f3a4b';
const tx = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;

const position = (block: bigint, logIndex: number, txNumber = Number(block)) => ({
  market,
  txHash: tx(txNumber),
  logIndex,
  blockNumber: block,
  blockHash: tx(1_000 + Number(block)),
  blockTimestamp: 1_700_000_000 + Number(block),
});

const bought = (block: bigint, logIndex: number, account: Address, usdc: bigint, tokens: bigint): MarketEvent => ({
  ...position(block, logIndex),
  type: 'Bought',
  side: 'buy',
  account,
  outcomeIndex: 0,
  usdcAmount: usdc,
  tokens,
  fee: usdc / 100n,
  reserveAfter: 0n,
  priceAfter: 0n,
});

const sold = (block: bigint, logIndex: number, account: Address, usdc: bigint, tokens: bigint): MarketEvent => ({
  ...position(block, logIndex),
  type: 'Sold',
  side: 'sell',
  account,
  outcomeIndex: 1,
  usdcAmount: usdc,
  tokens,
  ammFee: 0n,
  protocolFee: 0n,
  reserveAfter: 0n,
  priceAfter: 0n,
});

const prices = (p0: bigint): MarketPrices => ({ p: [p0, WAD - p0], q: [p0 - 1n, WAD - p0 + 1n], c: WAD });

function input(events: MarketEvent[], overrides: Partial<RangeRowsInput> = {}): RangeRowsInput {
  return {
    chainId: 31337,
    events,
    marketIds: new Map([[market.toLowerCase(), marketId]]),
    pricesAt: new Map([
      [priceKey(market, 5n), prices(6n * 10n ** 17n)],
      [priceKey(market, 6n), prices(55n * 10n ** 16n)],
    ]),
    tradeIds: new Map(),
    volumeBefore: new Map(),
    ...overrides,
  };
}

describe('marketTradeId', () => {
  it('is a stable UUIDv5 of chain, tx hash (any case) and log index', () => {
    const id = marketTradeId(31337, tx(1), 3);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(marketTradeId(31337, tx(1).toUpperCase().replace('0X', '0x'), 3)).toBe(id);
    expect(
      new Set([id, marketTradeId(31337, tx(1), 4), marketTradeId(1, tx(1), 3), marketTradeId(31337, tx(2), 3)]),
    ).toHaveProperty('size', 4);
  });
});

describe('buildRangeRows', () => {
  it('maps each trade to a row and a price point with the running cumulative volume', () => {
    const events = [
      bought(5n, 0, alice, 30_000_000n, 50n * WAD),
      bought(5n, 2, bob, 10_000_000n, 16n * WAD),
      sold(6n, 1, alice, 5_000_000n, 10n * WAD),
    ];
    const rows = buildRangeRows(input(events, { volumeBefore: new Map([[marketId, 1_000_000n]]) }));

    expect(rows.trades).toHaveLength(3);
    expect(rows.trades[0]).toEqual({
      id: marketTradeId(31337, tx(5), 0),
      marketId,
      chainId: 31337,
      txHash: tx(5),
      logIndex: 0,
      blockNumber: 5n,
      blockTime: new Date(1_700_000_005_000),
      trader: alice,
      tradeId: null,
      outcomeIndex: 0,
      side: 'buy',
      usdc: 30_000_000n,
      tokens: 50n * WAD,
      price: 6n * 10n ** 17n,
      probabilityAfter: 6n * 10n ** 17n - 1n,
    });
    expect(rows.trades[2]).toMatchObject({ side: 'sell', outcomeIndex: 1, probabilityAfter: 45n * 10n ** 16n + 1n });
    expect(rows.pricePoints.map((point) => point.cumulativeVolume)).toEqual([31_000_000n, 41_000_000n, 46_000_000n]);
    expect(rows.pricePoints[2]).toEqual({
      marketId,
      marketTradeId: rows.trades[2]!.id,
      recordedAt: new Date(1_700_000_006_000),
      blockNumber: 6n,
      prices: [55n * 10n ** 16n, 45n * 10n ** 16n],
      probabilities: [55n * 10n ** 16n - 1n, 45n * 10n ** 16n + 1n],
      cumulativeVolume: 46_000_000n,
    });
    expect(rows.tradedMarketIds).toEqual([marketId]);
    expect(rows.statusChanges).toEqual([]);
  });

  it('links a trade to its platform trade id when one is known', () => {
    const trade = bought(5n, 0, alice, 1n, WAD);
    const tradeId = '11111111-2222-4333-8444-555555555555';
    const rows = buildRangeRows(input([trade], { tradeIds: new Map([[logKey(trade), tradeId]]) }));
    expect(rows.trades[0]!.tradeId).toBe(tradeId);
  });

  it('folds lifecycle events into one final change per market with winners and the settle time', () => {
    const events: MarketEvent[] = [
      { ...position(7n, 0), type: 'StateChanged', previous: 'OPEN', current: 'FROZEN' },
      { ...position(8n, 0), type: 'StateChanged', previous: 'FROZEN', current: 'RESOLVED' },
      { ...position(8n, 1), type: 'MarketResolved', winners: [1], finalReserve: 0n, winningSupply: 0n },
      { ...position(9n, 0), type: 'Redeemed', account: alice, outcomeIndex: 1, tokens: WAD, usdcAmount: 1n },
    ];
    expect(buildRangeRows(input(events)).statusChanges).toEqual([
      { marketId, status: 'RESOLVED', winningOutcomes: [1], resolveTime: new Date(1_700_000_008_000) },
    ]);
  });

  it('records a cancellation with its time', () => {
    const events: MarketEvent[] = [
      { ...position(7n, 0), type: 'StateChanged', previous: 'OPEN', current: 'CANCELLED' },
      { ...position(7n, 1), type: 'MarketCancelled', by: alice, finalReserve: 0n, refundPrices: [] },
    ];
    expect(buildRangeRows(input(events)).statusChanges).toEqual([
      { marketId, status: 'CANCELLED', resolveTime: new Date(1_700_000_007_000) },
    ]);
  });

  it('ignores events of markets it does not follow', () => {
    const rows = buildRangeRows(input([bought(5n, 0, alice, 1n, WAD)], { marketIds: new Map() }));
    expect(rows.trades).toEqual([]);
  });

  it('fails loudly when the prices of a traded block were not read', () => {
    expect(() => buildRangeRows(input([bought(9n, 0, alice, 1n, WAD)]))).toThrow(/no prices/);
  });
});
