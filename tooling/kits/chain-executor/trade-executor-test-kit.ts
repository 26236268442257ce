/*
 * Test-only helpers for the executor's trade suites: a chain (own anvil) and a database per suite with the platform
 * recorded (started by hand, or with one market by useMarketTestbed's hooks), traders (user + API key + funded smart
 * account), markets linked in MySQL, pending trades inserted directly, executor deps, writers whose chain calls
 * misbehave or race on purpose, and readers of the outcome (rows, trace, webhook events, TradeExecuted events).
 * Never import outside tests.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { smartAccountAbi } from '../../../shared/contracts/artifacts/index.js';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { type ChainPublicClient, type ChainWriter } from '#shared/chain/chain-clients.js';
import {
  type ChainFixture,
  createListedFixtureMarket,
  createFundedAccount,
  racingWriter,
  recordFixtureDeployment,
  startChainFixture,
  USDC,
} from '#tooling/testing/chain-test-fixtures.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { findTradeById, insertTrade } from '#shared/db/trades/trades.repository.js';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { listWebhookEventsOfTrade } from '#shared/db/webhook-events/webhook-events.repository.js';
import { type Knex } from '#shared/db/create-knex.js';
import { type NewTrade, type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { formatUsdcAmount } from '#shared/domain/trade-amount.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createLogCapture, type LogCapture } from '#tooling/testing/messaging/test-messaging.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import type { TradeExecutorDeps } from '../../../apps/chain-executor/src/trades/trade-executor-deps.js';
import { createSimulatedDelaySlots } from '../../../apps/chain-executor/src/trades/simulated-delay.js';
import { createTradeReads } from '../../../apps/chain-executor/src/trades/trade-reads.js';

export { racingWriter, USDC };
export { buy, forwardedBuy, holdingsOf, sell, tradeIdUsed, usdcOf } from './direct-trades.js';

export interface TradeTestbed {
  fixture: ChainFixture;
  database: TestDatabase;
  db: Knex;
  chainId: number;
  logs: LogCapture;
  close(): Promise<void>;
}

export async function startTradeTestbed(): Promise<TradeTestbed> {
  const [fixture, database] = await Promise.all([startChainFixture(), createTestDatabase()]);
  await recordFixtureDeployment(database.db, fixture);
  return {
    fixture,
    database,
    db: database.db,
    chainId: fixture.reader.chain.id,
    logs: createLogCapture('debug'),
    async close() {
      await database.destroy();
      await fixture.stop();
    },
  };
}

export interface MarketTestbed extends TradeTestbed {
  /** The suite's OPEN market: its markets row and its contract. */
  readonly marketId: string;
  readonly market: Address;
}

/**
 * Registers the file's hooks: a testbed with one market (createMarket), started in beforeAll and closed in afterAll.
 * The returned testbed is usable inside tests (after beforeAll).
 */
export function useMarketTestbed(): MarketTestbed {
  // cast: every field is assigned in beforeAll, before any test reads one
  const testbed = {} as MarketTestbed;
  let started: TradeTestbed | undefined;
  beforeAll(async () => {
    started = await startTradeTestbed();
    Object.assign(testbed, started, await createMarket(started));
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return testbed;
}

/** Executor deps on the testbed: the fixture's executor writer, a real clock, outbox rows only (no broker). */
export function tradeDeps(
  testbed: TradeTestbed,
  overrides: Partial<TradeExecutorDeps> & { amqp?: AmqpConnectionManager } = {},
): TradeExecutorDeps {
  const { amqp, ...rest } = overrides;
  return {
    db: testbed.db,
    reads: createTradeReads(testbed.db),
    outbox: createOutboxTransaction(testbed.db, amqp),
    writer: testbed.fixture.executor,
    operatorRegistry: testbed.fixture.route.registry,
    // Beyond the clocks the suites move forward (2 × the 60 s stall window): only deadline tests meet a deadline.
    executionDeadlineS: 600,
    // Each trade sent on its own (TRADE_BATCH_MAX=1); batched sends have tests of their own.
    batcher: null,
    slippageBps: 100,
    halted: false,
    serviceEnv: 'test',
    simulatedDelays: createSimulatedDelaySlots(32),
    now: () => new Date(),
    logger: testbed.logs.logger,
    ...rest,
  };
}

/** The executor's writer with some public-client calls replaced (a failing RPC, a receipt that never comes). */
export function writerWith(writer: ChainWriter, overrides: Partial<ChainPublicClient>): ChainWriter {
  return { ...writer, publicClient: { ...writer.publicClient, ...overrides } };
}

export interface Trader {
  userId: string;
  apiKeyId: string;
  account: Address;
}

/** A user with an enterprise test key (no smart account). */
export async function createKeyHolder(db: Knex): Promise<Pick<Trader, 'userId' | 'apiKeyId'>> {
  const user = await createUser(db, { email: `trader-${randomUUID()}@test.example` });
  const { record } = await issueApiKey(db, 'test-pepper-0123456789abcdef0123456789abcdef', {
    userId: user.id,
    tier: 'enterprise',
    env: 'test',
  });
  return { userId: user.id, apiKeyId: record.id };
}

/** A user with an enterprise test key and a smart account funded with `funding` test USDC. */
export async function createTrader(testbed: TradeTestbed, funding: bigint = 1_000n * USDC): Promise<Trader> {
  const holder = await createKeyHolder(testbed.db);
  const { account } = await createFundedAccount(testbed.fixture, funding);
  await testbed.db('users').where({ id: holder.userId }).update({ smart_account_address: account });
  return { ...holder, account };
}

/** A fresh market contract linked to a new OPEN markets row on the testbed's chain. */
export async function createMarket(testbed: TradeTestbed): Promise<{ marketId: string; market: Address }> {
  return createListedFixtureMarket(testbed.fixture, testbed.db, {
    question: 'Will the trade execute?',
    category: 'testing',
  });
}

/** Inserts a trade as the trading API would have created it (default: a pending buy of outcome 0). */
export function insertTestTrade(
  db: Knex,
  input: { trader: Pick<Trader, 'userId' | 'apiKeyId'>; marketId: string; usdc: bigint } & Partial<NewTrade>,
): Promise<TradeRecord> {
  const { trader, usdc, ...rest } = input;
  return insertTrade(db, {
    apiKeyId: trader.apiKeyId,
    userId: trader.userId,
    outcomeIndex: 0,
    side: 'buy',
    amount: formatUsdcAmount(usdc),
    amountAtomic: usdc,
    requestHash: createHash('sha256').update(randomUUID()).digest('hex'),
    ...rest,
  });
}

/** insertTestTrade for `trader` on the testbed's market. */
export function insertMarketTrade(
  testbed: Pick<MarketTestbed, 'db' | 'marketId'>,
  trader: Pick<Trader, 'userId' | 'apiKeyId'>,
  usdc: bigint,
  rest: Partial<NewTrade> = {},
): Promise<TradeRecord> {
  return insertTestTrade(testbed.db, { trader, marketId: testbed.marketId, usdc, ...rest });
}

export async function tradeOf(db: Knex, id: string): Promise<TradeRecord> {
  const trade = await findTradeById(db, id);
  if (!trade) throw new Error(`trade ${id} not found`);
  return trade;
}

/** The executor's part of a completed trade's trace (a trade inserted directly starts here). */
export const EXECUTOR_COMPLETED_TRACE = [
  'trade.validating',
  'trade.executing',
  'trade.tx_sent',
  'trade.tx_mined',
  'trade.completed',
  'webhook.event_recorded',
] as const;

/** The trace of a trade whose send was mined as a revert (a guard the chain did not meet). */
export const FAILED_AFTER_SEND_TRACE = [
  'trade.validating',
  'trade.executing',
  'trade.tx_sent',
  'trade.failed',
  'webhook.event_recorded',
] as const;

/** The trace step types of a trade, in sequence order. */
export async function traceOf(db: Knex, trade: Pick<TradeRecord, 'correlationId'>): Promise<string[]> {
  return (await listTradeEvents(db, trade.correlationId)).map((event) => event.type);
}

/** The webhook event types recorded about a trade for its key. */
export async function eventTypesOf(db: Knex, trade: Pick<TradeRecord, 'id' | 'apiKeyId'>): Promise<string[]> {
  return (await listWebhookEventsOfTrade(db, trade.apiKeyId, trade.id)).map((event) => event.type);
}

/** Every TradeExecuted event of `tradeId` on the account (the contract's once-only guard makes it 0 or 1). */
export async function executionsOf(testbed: Pick<TradeTestbed, 'fixture'>, account: Address, tradeId: string) {
  return testbed.fixture.reader.publicClient.getContractEvents({
    address: account,
    abi: smartAccountAbi,
    eventName: 'TradeExecuted',
    args: { tradeId: uuidToBytes32(tradeId) },
    fromBlock: 0n,
    strict: true,
  });
}

/** Transactions the executor has sent so far (its nonce on the chain). */
export function executorTransactionCount(testbed: TradeTestbed): Promise<number> {
  return testbed.fixture.reader.publicClient.getTransactionCount({
    address: testbed.fixture.executor.account.address,
    blockTag: 'pending',
  });
}
