import { describe, expect, it } from '@jest/globals';
import { averageCostLedger, averagePrice, valueAtPrice } from './position-pnl.js';

const WAD = 10n ** 18n;
const usdc = (dollars: number) => BigInt(Math.round(dollars * 1_000_000));
const tokens = (count: number) => BigInt(count) * WAD;
const buy = (count: number, paid: number) => ({ side: 'buy' as const, tokens: tokens(count), usdc: usdc(paid) });
const sell = (count: number, got: number) => ({ side: 'sell' as const, tokens: tokens(count), usdc: usdc(got) });

describe('average-cost profit and loss', () => {
  it('matches a hand computation of buy, buy, sell: the sale takes out cost at the average price', () => {
    // 100 tokens for $40, 100 for $60: 200 at $0.50 on average. Selling 50 for $35 takes out $25 of cost: +$10.
    const ledger = averageCostLedger([buy(100, 40), buy(100, 60), sell(50, 35)]);
    expect(ledger).toEqual({ shares: tokens(150), openCost: usdc(75), realizedPnl: usdc(10) });
    expect(averagePrice(ledger)).toBe(WAD / 2n);
    // Marked at $0.70 the 150 held are worth $105: $30 unrealized on $75 of cost.
    expect(valueAtPrice(ledger.shares, (7n * WAD) / 10n)).toBe(usdc(105));
  });

  it('realizes a loss, closes out to zero cost, and starts afresh on the next buy', () => {
    const closed = averageCostLedger([buy(10, 8), sell(10, 5)]);
    expect(closed).toEqual({ shares: 0n, openCost: 0n, realizedPnl: usdc(-3) });
    expect(averagePrice(closed)).toBeNull();
    expect(averageCostLedger([buy(10, 8), sell(10, 5), buy(4, 2)])).toEqual({
      shares: tokens(4),
      openCost: usdc(2),
      realizedPnl: usdc(-3),
    });
  });

  it('rounds the cost taken out down, leaving the remainder with the tokens still held', () => {
    // 3 tokens for 10 atomic: selling 1 takes out floor(10/3) = 3; 7 stay as cost of the other 2.
    const ledger = averageCostLedger([
      { side: 'buy', tokens: tokens(3), usdc: 10n },
      { side: 'sell', tokens: tokens(1), usdc: 4n },
    ]);
    expect(ledger).toEqual({ shares: tokens(2), openCost: 7n, realizedPnl: 1n });
    expect(valueAtPrice(tokens(1), WAD / 3n)).toBe(333_333n);
  });

  it('gives tokens sold beyond what the trades bought no cost', () => {
    expect(averageCostLedger([buy(5, 2), sell(8, 4)])).toEqual({ shares: 0n, openCost: 0n, realizedPnl: usdc(2) });
  });
});
