/* The redemptions repository against real MariaDB: one open claim per position, conditional transitions, sweeps. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { applyMarketChainStatus } from '../markets/markets.repository.js';
import { upsertMarketTrades } from '../market-trades/market-trades.repository.js';
import { insertMarket } from '../markets/markets.repository.js';
import type { MarketState } from '../../domain/market-status.js';
import {
  findOpenRedemptionOfUser,
  findRedemptionById,
  insertOpenRedemption,
  isOpenClaimConflict,
  listAutoRedeemCandidates,
  listStalledRedemptions,
  transitionRedemptionStatus,
} from './redemptions.repository.js';
import { createUser } from '../users/users.repository.js';

const CHAIN_ID = 31337;
let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const account = () => `0x${randomUUID().replaceAll('-', '').padEnd(40, 'a')}`;

async function userWithAccount() {
  const smartAccountAddress = account();
  const user = await createUser(db(), { email: `r-${randomUUID()}@test.example`, smartAccountAddress });
  return { userId: user.id, account: smartAccountAddress };
}

async function market(status: MarketState = 'OPEN', winners?: number[]) {
  const created = await insertMarket(db(), {
    question: 'Redeemable?',
    category: 'test',
    outcomes: ['YES', 'NO', 'MAYBE'],
    contractAddress: account(),
    chainId: CHAIN_ID,
  });
  await applyMarketChainStatus(db(), {
    marketId: created.id,
    status,
    ...(winners ? { winningOutcomes: winners } : {}),
  });
  return created.id;
}

let logIndex = 0;
async function trade(marketId: string, trader: string, outcomeIndex: number, side: 'buy' | 'sell', tokens: bigint) {
  logIndex += 1;
  await upsertMarketTrades(db(), [
    {
      id: randomUUID(),
      marketId,
      chainId: CHAIN_ID,
      txHash: `0x${logIndex.toString(16).padStart(64, '0')}`,
      logIndex,
      blockNumber: BigInt(logIndex),
      blockTime: new Date(),
      trader,
      tradeId: null,
      outcomeIndex,
      side,
      usdc: 1_000_000n,
      tokens,
      price: 0n,
      probabilityAfter: 0n,
    },
  ]);
}

describe('redemptions repository', () => {
  it('holds one open claim per (user, market, outcome), frees it on settling, and scopes reads to the owner', async () => {
    const { userId } = await userWithAccount();
    const stranger = await userWithAccount();
    const marketId = await market('RESOLVED', [0]);
    const position = { userId, marketId, outcomeIndex: 0 };
    const first = await insertOpenRedemption(db(), { ...position, apiKeyId: null });
    expect(first).toMatchObject({ status: 'pending', tokens: null, payout: null, txHash: null, settledAt: null });

    const duplicate = await insertOpenRedemption(db(), { ...position, apiKeyId: null }).catch(
      (error: unknown) => error,
    );
    expect(isOpenClaimConflict(duplicate)).toBe(true);
    // Another outcome, or another user, is another position.
    await insertOpenRedemption(db(), { ...position, outcomeIndex: 1, apiKeyId: null });
    await insertOpenRedemption(db(), { ...position, userId: stranger.userId, apiKeyId: null });

    expect((await findOpenRedemptionOfUser(db(), position))?.id).toBe(first.id);

    expect(await transitionRedemptionStatus(db(), first.id, 'executing', 'completed')).toBe(false);
    expect(await transitionRedemptionStatus(db(), first.id, 'pending', 'executing')).toBe(true);
    expect(await transitionRedemptionStatus(db(), first.id, 'pending', 'executing')).toBe(false);
    expect((await findOpenRedemptionOfUser(db(), position))?.status).toBe('executing');
    const settledAt = new Date('2026-11-23T10:00:00.000Z');
    const txHash = `0x${'ab'.repeat(32)}`;
    expect(
      await transitionRedemptionStatus(db(), first.id, 'executing', 'completed', {
        tokens: 12n * 10n ** 18n,
        payout: 7_500_000n,
        txHash,
        settledAt,
      }),
    ).toBe(true);
    expect(await findRedemptionById(db(), first.id)).toMatchObject({
      status: 'completed',
      tokens: 12n * 10n ** 18n,
      payout: 7_500_000n,
      txHash,
      settledAt,
    });
    expect(await findOpenRedemptionOfUser(db(), position)).toBeNull();
    const next = await insertOpenRedemption(db(), { ...position, apiKeyId: null });
    expect(next.id).not.toBe(first.id);
  });

  it('records a failure with its code and message and frees the position', async () => {
    const { userId } = await userWithAccount();
    const position = { userId, marketId: await market('RESOLVED', [1]), outcomeIndex: 0 };
    const claim = await insertOpenRedemption(db(), { ...position, apiKeyId: null });
    await transitionRedemptionStatus(db(), claim.id, 'pending', 'executing');
    await transitionRedemptionStatus(db(), claim.id, 'executing', 'failed', {
      errorCode: 'POSITION_NOT_CLAIMABLE',
      errorMessage: 'This outcome did not win',
      settledAt: new Date(),
    });
    expect(await findRedemptionById(db(), claim.id)).toMatchObject({
      status: 'failed',
      errorCode: 'POSITION_NOT_CLAIMABLE',
      errorMessage: 'This outcome did not win',
    });
    expect(await findOpenRedemptionOfUser(db(), position)).toBeNull();
  });

  it('lists open claims untouched since a moment, oldest first', async () => {
    const { userId } = await userWithAccount();
    const marketId = await market('CANCELLED');
    const old = await insertOpenRedemption(db(), { userId, marketId, outcomeIndex: 0, apiKeyId: null });
    const settled = await insertOpenRedemption(db(), { userId, marketId, outcomeIndex: 1, apiKeyId: null });
    await transitionRedemptionStatus(db(), settled.id, 'pending', 'failed');
    await db()('redemptions')
      .whereIn('id', [old.id, settled.id])
      .update({ updated_at: new Date(Date.now() - 120_000) });
    const fresh = await insertOpenRedemption(db(), { userId, marketId, outcomeIndex: 2, apiKeyId: null });
    const stalled = (await listStalledRedemptions(db(), new Date(Date.now() - 60_000), 100)).map((row) => row.id);
    expect(stalled).toContain(old.id);
    expect(stalled).not.toContain(settled.id);
    expect(stalled).not.toContain(fresh.id);
  });

  it('finds automatic payouts: held winning outcomes of resolved markets, every held outcome of cancelled ones', async () => {
    const holder = await userWithAccount();
    const seller = await userWithAccount();
    const resolved = await market('RESOLVED', [0, 2]);
    const cancelled = await market('CANCELLED');
    const open = await market('OPEN');
    const WAD = 10n ** 18n;
    await trade(resolved, holder.account, 0, 'buy', 5n * WAD); // winner, held
    await trade(resolved, holder.account, 1, 'buy', 5n * WAD); // loser
    await trade(resolved, seller.account, 2, 'buy', 3n * WAD); // winner, sold out
    await trade(resolved, seller.account, 2, 'sell', 3n * WAD);
    await trade(cancelled, holder.account.toUpperCase().replace('0X', '0x'), 1, 'buy', WAD); // any case of address
    await trade(open, holder.account, 0, 'buy', WAD);
    await trade(resolved, account(), 0, 'buy', WAD); // not a user's account

    const candidates = async () =>
      (await listAutoRedeemCandidates(db(), { chainId: CHAIN_ID, maxFailedClaims: 1, limit: 100 }))
        .filter((row) => [holder.userId, seller.userId].includes(row.userId))
        .map((row) => `${row.marketId === resolved ? 'resolved' : 'cancelled'}:${row.outcomeIndex}`)
        .sort();
    expect(await candidates()).toEqual(['cancelled:1', 'resolved:0']);

    // An open or completed claim takes the position out; failed ones up to the limit keep it in.
    const claim = await insertOpenRedemption(db(), {
      userId: holder.userId,
      marketId: cancelled,
      outcomeIndex: 1,
      apiKeyId: null,
    });
    expect(await candidates()).toEqual(['resolved:0']);
    await transitionRedemptionStatus(db(), claim.id, 'pending', 'failed');
    expect(await candidates()).toEqual(['resolved:0']);
    expect(
      (await listAutoRedeemCandidates(db(), { chainId: CHAIN_ID, maxFailedClaims: 2, limit: 100 }))
        .filter((row) => row.userId === holder.userId)
        .map((row) => row.outcomeIndex)
        .sort(),
    ).toEqual([0, 1]);
    expect(await listAutoRedeemCandidates(db(), { chainId: CHAIN_ID + 1, maxFailedClaims: 1, limit: 100 })).toEqual([]);
  });
});
