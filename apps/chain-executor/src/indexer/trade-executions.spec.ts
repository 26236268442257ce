import { describe, expect, it } from '@jest/globals';
import type { Address, Hex } from 'viem';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { logKey, type TradeEvent } from './market-trade-rows.js';
import { matchTradeExecutions, type TradeExecution } from './trade-executions.js';

const market = '0x00000000000000000000000000000000000000aA' as Address;
const otherMarket = '0x00000000000000000000000000000000000000bB' as Address;
const account = '0x1111111111111111111111111111111111111111' as Address;
const otherAccount = '0x2222222222222222222222222222222222222222' as Address;
const txA = `0x${'a'.repeat(64)}` as Hex;
const txB = `0x${'b'.repeat(64)}` as Hex;
const tradeA = '0b9f5a2e-1c3d-4e5f-8a7b-9c0d1e2f3a4b';
const tradeB = '1c0a6b3f-2d4e-4f60-9b8c-0d1e2f3a4b5c';

const trade = (txHash: Hex, logIndex: number, from: Address = account, on: Address = market): TradeEvent => ({
  type: 'Bought',
  side: 'buy',
  market: on,
  txHash,
  logIndex,
  blockNumber: 1n,
  blockHash: txHash,
  blockTimestamp: 1,
  account: from,
  outcomeIndex: 0,
  usdcAmount: 1n,
  tokens: 1n,
  fee: 0n,
  reserveAfter: 0n,
  priceAfter: 0n,
});

const execution = (txHash: Hex, logIndex: number, tradeId: Hex, from = account, on = market): TradeExecution => ({
  txHash,
  logIndex,
  account: from,
  market: on,
  tradeId,
});

describe('matchTradeExecutions', () => {
  it('links each trade to the TradeExecuted that follows it in its transaction', () => {
    const trades = [trade(txA, 3), trade(txB, 7)];
    const executions = [execution(txB, 9, uuidToBytes32(tradeB)), execution(txA, 5, uuidToBytes32(tradeA))];
    expect(matchTradeExecutions(trades, executions)).toEqual(
      new Map([
        [logKey(trades[0]!), tradeA],
        [logKey(trades[1]!), tradeB],
      ]),
    );
  });

  it('ignores executions from another account, for another market, or before the trade', () => {
    const executions = [
      execution(txA, 5, uuidToBytes32(tradeA), otherAccount),
      execution(txA, 6, uuidToBytes32(tradeA), account, otherMarket),
      execution(txA, 1, uuidToBytes32(tradeA)),
    ];
    expect(matchTradeExecutions([trade(txA, 3)], executions).size).toBe(0);
  });

  it('uses an execution once when one transaction holds two trades', () => {
    const trades = [trade(txA, 2), trade(txA, 4)];
    const executions = [execution(txA, 3, uuidToBytes32(tradeA)), execution(txA, 5, uuidToBytes32(tradeB))];
    const matched = matchTradeExecutions(trades, executions);
    expect([matched.get(logKey(trades[0]!)), matched.get(logKey(trades[1]!))]).toEqual([tradeA, tradeB]);
  });

  it('leaves a trade unlinked when its trade id is not a left-padded UUID', () => {
    expect(matchTradeExecutions([trade(txA, 1)], [execution(txA, 2, `0x${'f'.repeat(64)}`)]).size).toBe(0);
  });
});
