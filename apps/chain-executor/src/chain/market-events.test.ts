import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { redeemThroughAccount } from './account-trades.js';
import { buy as buyDirectly, sell as sellDirectly } from '#tooling/kits/chain-executor/direct-trades.js';
import {
  createFixtureMarket,
  createFundedAccount,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { freezeMarket, resolveMarket, unfreezeMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { decodeMarketLogs, fetchMarketLogs, withBlockTimestamps, type MarketEvent } from './market-events.js';

let fixture: ChainFixture;
let market: Address;
let otherMarket: Address;
let account: Address;
let startBlock: bigint;

useChainFixture(async (started) => {
  fixture = started;
  ({ market } = await createFixtureMarket(fixture));
  ({ market: otherMarket } = await createFixtureMarket(fixture));
  ({ account } = await createFundedAccount(fixture));
  startBlock = (await fixture.reader.publicClient.getBlockNumber()) + 1n;
});

const pick = <T extends MarketEvent['type']>(events: MarketEvent[], type: T) =>
  events.filter((event): event is Extract<MarketEvent, { type: T }> => event.type === type);

describe('market event decoding', () => {
  it('decodes a buy, sell, freeze, resolve and redeem sequence in chain order', async () => {
    const target = { account, market, outcomeIndex: 0 };
    const buy = await buyDirectly({ fixture }, { ...target, usdc: 30n * USDC });
    const sell = await sellDirectly({ fixture }, { ...target, tokens: buy.amountOut / 2n });
    await freezeMarket(fixture.admin, market);
    await unfreezeMarket(fixture.admin, market);
    await resolveMarket(fixture.admin, { market, winners: [0] });
    const redeem = await redeemThroughAccount(fixture.executor, { ...fixture.route, ...target, tradeId: randomUUID() });
    await buyDirectly({ fixture }, { account, market: otherMarket, outcomeIndex: 1, usdc: USDC });
    const toBlock = await fixture.reader.publicClient.getBlockNumber();

    const events = await withBlockTimestamps(
      fixture.reader,
      await fetchMarketLogs(fixture.reader, { addresses: [market], fromBlock: startBlock, toBlock, maxBlockRange: 2n }),
    );
    expect(events.map((event) => event.type)).toEqual([
      'Bought',
      'Sold',
      'StateChanged',
      'StateChanged',
      'StateChanged',
      'MarketResolved',
      'Redeemed',
    ]);
    const [bought] = pick(events, 'Bought');
    expect(bought).toMatchObject({
      market,
      txHash: buy.txHash,
      blockNumber: buy.blockNumber,
      account,
      outcomeIndex: 0,
      side: 'buy',
      usdcAmount: 30n * USDC,
      fee: 300_000n,
      tokens: buy.amountOut,
      reserveAfter: expect.any(BigInt),
      priceAfter: expect.any(BigInt),
    });
    expect(bought!.priceAfter).toBeGreaterThan(5n * 10n ** 17n);
    expect(bought!.blockTimestamp).toEqual(expect.any(Number));
    expect(pick(events, 'Sold')[0]).toMatchObject({
      txHash: sell.txHash,
      side: 'sell',
      tokens: buy.amountOut / 2n,
      usdcAmount: sell.amountOut,
      ammFee: expect.any(BigInt),
      protocolFee: expect.any(BigInt),
    });
    expect(pick(events, 'StateChanged').map(({ previous, current }) => [previous, current])).toEqual([
      ['OPEN', 'FROZEN'],
      ['FROZEN', 'OPEN'],
      ['OPEN', 'RESOLVED'],
    ]);
    expect(pick(events, 'MarketResolved')[0]).toMatchObject({ winners: [0] });
    expect(pick(events, 'Redeemed')[0]).toMatchObject({
      txHash: redeem.txHash,
      account,
      outcomeIndex: 0,
      tokens: redeem.amountIn,
      usdcAmount: redeem.amountOut,
    });
    const positions = events.map((event) => `${event.txHash}:${event.logIndex}`);
    expect(new Set(positions).size).toBe(events.length);
  });

  it('decodes market events from a receipt and ignores the other contracts logs in it', async () => {
    const buy = await buyDirectly({ fixture }, { account, market, outcomeIndex: 1, usdc: 2n * USDC });
    const receipt = await fixture.reader.publicClient.getTransactionReceipt({ hash: buy.txHash });
    expect(receipt.logs.length).toBeGreaterThan(1); // USDC transfers and the account's TradeExecuted too
    const events = decodeMarketLogs(receipt.logs);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'Bought', outcomeIndex: 1, tokens: buy.amountOut });
  });

  it('returns nothing for an empty address list or an empty range', async () => {
    expect(await fetchMarketLogs(fixture.reader, { addresses: [], fromBlock: 0n, toBlock: 100n })).toEqual([]);
    expect(await fetchMarketLogs(fixture.reader, { addresses: [market], fromBlock: 5n, toBlock: 4n })).toEqual([]);
  });
});
