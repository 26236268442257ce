/*
 * The executor's redemption work against real MariaDB, RabbitMQ and anvil: settling claims on-chain, duplicated
 * jobs, failures, resuming stalled claims, and automatic payouts when self-service redemption is off.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { redeemThroughAccount } from './chain/account-trades.js';
import { buy, usdcOf } from '#tooling/kits/chain-executor/direct-trades.js';
import { executionsOf } from '#tooling/kits/chain-executor/trade-executor-test-kit.js';
import { cancelMarket, resolveMarket } from '../../admin-cli/src/chain/market-admin.js';
import { createChainClients } from '#shared/chain/chain-clients.js';
import { readOutcomeBalances } from '#shared/chain/balances.js';
import {
  anvilPrivateKey,
  createListedFixtureMarket,
  createFundedAccount,
  startChainFixture,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { applyMarketChainStatus } from '#shared/db/markets/markets.repository.js';
import { createUser } from '#shared/db/users/users.repository.js';
import {
  findRedemptionById,
  insertOpenRedemption,
  transitionRedemptionStatus,
} from '#shared/db/redemptions/redemptions.repository.js';
import { upsertMarketTrades } from '#shared/db/market-trades/market-trades.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { startRedemptionWorkers, type RedemptionWorkerSettings } from './redemption-workers.js';
import { resumeStalledRedemptions } from './use-cases/resume-stalled-redemptions.use-case.js';
import { settleRedemption, type SettleRedemptionDeps } from './use-cases/settle-redemption.use-case.js';

let fixture: ChainFixture;
let database: TestDatabase;
let messaging: TestMessaging;
let amqp: AmqpConnectionManager;
let deps: SettleRedemptionDeps;
const logger = createLogger({ name: 'redemptions-test', level: 'silent' });

beforeAll(async () => {
  [fixture, database, messaging] = await Promise.all([
    startChainFixture(),
    createTestDatabase(),
    createTestMessaging(),
  ]);
  amqp = messaging.createManager();
  deps = {
    db: database.db,
    writer: fixture.executor,
    operatorRegistry: fixture.route.registry,
    executionDeadlineS: 120,
    logger,
  };
}, 60_000);
afterAll(async () => {
  await messaging?.destroy();
  await database?.destroy();
  await fixture?.stop();
});

const db = () => database.db;
let logIndex = 0;

/**
 * A user whose smart account bought 10 USDC of each listed outcome on a fresh market, then the market settled as
 * asked, on-chain and in MySQL (as the indexer records it); `indexed` also records the buys in market_trades.
 */
async function heldPosition(settle: { winners: number[] } | 'cancelled', buys: number[], indexed = false) {
  const { userId, account } = await createFundedAccount(fixture, 100n * USDC);
  await createUser(db(), { id: userId, email: `${userId}@test.example`, smartAccountAddress: account });
  const { marketId, market } = await createListedFixtureMarket(fixture, db(), { question: 'Paid?', category: 'chain' });
  for (const outcomeIndex of buys) {
    const { txHash, blockNumber, amountOut } = await buy(
      { fixture },
      { account, market, outcomeIndex, usdc: 10n * USDC },
    );
    if (!indexed) continue;
    logIndex += 1;
    await upsertMarketTrades(db(), [
      {
        ...{ id: randomUUID(), marketId, chainId: fixture.reader.chain.id, txHash, logIndex, blockTime: new Date() },
        ...{ blockNumber, trader: account, tradeId: null, outcomeIndex, side: 'buy' },
        ...{ usdc: 10n * USDC, tokens: amountOut, price: 0n, probabilityAfter: 0n },
      },
    ]);
  }
  if (settle === 'cancelled') {
    await cancelMarket(fixture.admin, market);
    await applyMarketChainStatus(db(), { marketId, status: 'CANCELLED' });
  } else {
    await resolveMarket(fixture.admin, { market, winners: settle.winners });
    await applyMarketChainStatus(db(), { marketId, status: 'RESOLVED', winningOutcomes: settle.winners });
  }
  return { userId, account, marketId, market };
}

type Position = Awaited<ReturnType<typeof heldPosition>>;
const claimOf = (position: Position, outcomeIndex = 0) =>
  insertOpenRedemption(db(), { userId: position.userId, marketId: position.marketId, outcomeIndex, apiKeyId: null });

async function withWorkers(settings: RedemptionWorkerSettings, test: () => Promise<void>) {
  const stops = await startRedemptionWorkers({ ...deps, amqp, settings });
  try {
    await test();
  } finally {
    await Promise.all(stops.map((stop) => stop()));
  }
}

describe('settling a redemption claim', () => {
  it('redeems on-chain: the account’s USDC rises by the payout, the outcome balance is 0, the claim completes', async () => {
    const position = await heldPosition({ winners: [0] }, [0, 1]);
    const before = await usdcOf({ fixture }, position.account);
    const claim = await claimOf(position);
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('completed');
    const settled = await findRedemptionById(db(), claim.id);
    expect(settled).toMatchObject({ status: 'completed', errorCode: null, txHash: expect.stringMatching(/^0x/) });
    expect(settled!.payout! > 0n && settled!.tokens! > 0n).toBe(true);
    expect(settled!.settledAt).toBeInstanceOf(Date);
    expect(await usdcOf({ fixture }, position.account)).toBe(before + settled!.payout!);
    const balances = await readOutcomeBalances(fixture.reader, position);
    expect(balances[0]).toBe(0n);
    expect(balances[1]! > 0n).toBe(true);
    expect((await db()('redemptions').where({ id: claim.id }).first()).open_claim_key).toBeNull();
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('already_settled');
  });

  it('refunds a cancelled market’s outcome', async () => {
    const position = await heldPosition('cancelled', [1]);
    const claim = await claimOf(position, 1);
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('completed');
    expect((await findRedemptionById(db(), claim.id))!.payout! > 0n).toBe(true);
  });

  it('fails a claim the chain refuses (a losing outcome) with its code, and frees the position', async () => {
    const position = await heldPosition({ winners: [0] }, [0, 1]);
    const claim = await claimOf(position, 1);
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('failed');
    expect(await findRedemptionById(db(), claim.id)).toMatchObject({
      status: 'failed',
      errorCode: 'POSITION_NOT_CLAIMABLE',
      errorMessage: 'This outcome did not win',
      payout: null,
    });
    expect((await db()('redemptions').where({ id: claim.id }).first()).open_claim_key).toBeNull();
  });

  it('hands the claim back to pending and rethrows a transient chain failure, then settles on the next attempt', async () => {
    const position = await heldPosition({ winners: [0] }, [0]);
    const claim = await claimOf(position);
    const unreachable = await createChainClients({
      rpcUrl: 'http://127.0.0.1:1',
      chainId: fixture.reader.chain.id,
      privateKey: anvilPrivateKey(1),
      retryCount: 0,
      requestTimeoutMs: 1_000,
    });
    const failure = await settleRedemption({ ...deps, writer: unreachable }, { redemptionId: claim.id }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', retry: true });
    expect(await findRedemptionById(db(), claim.id)).toMatchObject({ status: 'pending' });
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('completed');
  });

  it('redeems once when the job is delivered twice', async () => {
    const position = await heldPosition({ winners: [0] }, [0]);
    const before = await usdcOf({ fixture }, position.account);
    const claim = await claimOf(position);
    await withWorkers({ redemptionsEnabled: true }, async () => {
      await amqp.publish(EXCHANGES.redemptions, 'redemption.requested', { redemptionId: claim.id });
      await amqp.publish(EXCHANGES.redemptions, 'redemption.requested', { redemptionId: claim.id });
      await waitFor(
        'the claim to complete',
        async () => (await findRedemptionById(db(), claim.id))?.status === 'completed',
      );
      await waitFor(
        'both jobs to be handled',
        async () => (await messaging.readyCount('chain-executor.redemptions')) === 0,
      );
    });
    const settled = await findRedemptionById(db(), claim.id);
    expect(await executionsOf({ fixture }, position.account, claim.id)).toHaveLength(1);
    expect(await usdcOf({ fixture }, position.account)).toBe(before + settled!.payout!);
  });

  it('leaves a claim another worker is executing to it, and resumes it once stalled without paying twice', async () => {
    const position = await heldPosition({ winners: [0] }, [0]);
    const before = await usdcOf({ fixture }, position.account);
    const claim = await claimOf(position);
    // A worker took the claim and redeemed, then died before recording the result.
    await transitionRedemptionStatus(db(), claim.id, 'pending', 'executing');
    await redeemThroughAccount(fixture.executor, { ...fixture.route, ...position, outcomeIndex: 0, tradeId: claim.id });
    expect(await settleRedemption(deps, { redemptionId: claim.id })).toBe('in_progress');
    expect(await resumeStalledRedemptions(deps, { stalledAfterMs: 60_000 })).toBe(0);

    const later = () => new Date(Date.now() + 120_000);
    expect(await resumeStalledRedemptions({ ...deps, now: later }, { stalledAfterMs: 60_000 })).toBeGreaterThan(0);
    const settled = await findRedemptionById(db(), claim.id);
    expect(settled).toMatchObject({ status: 'completed' });
    expect(await executionsOf({ fixture }, position.account, claim.id)).toHaveLength(1);
    expect(await usdcOf({ fixture }, position.account)).toBe(before + settled!.payout!);
  });
});

describe('automatic payouts (self-service redemption off)', () => {
  it('pays held winning and refunded positions through the leader loop, and leaves losing ones alone', async () => {
    const resolved = await heldPosition({ winners: [1] }, [0, 1], true);
    const cancelled = await heldPosition('cancelled', [0], true);
    const before = {
      resolved: await usdcOf({ fixture }, resolved.account),
      cancelled: await usdcOf({ fixture }, cancelled.account),
    };
    await withWorkers({ redemptionsEnabled: false, autoRedeemIntervalMs: 50 }, async () => {
      await waitFor('both payouts', async () => {
        const rows = await db()('redemptions')
          .whereIn('market_id', [resolved.marketId, cancelled.marketId])
          .where({ status: 'completed' });
        return rows.length === 2;
      });
    });
    const rows = await db()('redemptions').whereIn('market_id', [resolved.marketId, cancelled.marketId]);
    expect(
      rows
        .map((row) => `${row.market_id === resolved.marketId ? 'resolved' : 'cancelled'}:${row.outcome_index}`)
        .sort(),
    ).toEqual(['cancelled:0', 'resolved:1']);
    expect(rows.every((row) => row.api_key_id === null)).toBe(true);
    const payout = (marketId: string) => BigInt(rows.find((row) => row.market_id === marketId).payout);
    expect(await usdcOf({ fixture }, resolved.account)).toBe(before.resolved + payout(resolved.marketId));
    expect(await usdcOf({ fixture }, cancelled.account)).toBe(before.cancelled + payout(cancelled.marketId));
    const balances = await readOutcomeBalances(fixture.reader, resolved);
    expect(balances[0]! > 0n && balances[1] === 0n).toBe(true);
  });
});
