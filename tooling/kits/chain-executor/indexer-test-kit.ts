/*
 * Test-only helpers for the indexer suites: a chain fixture (own anvil) and a database per suite, a logger whose
 * lines the tests can inspect, markets linked in MySQL, trades through smart accounts, and row readers.
 * Never import outside tests.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import type { Address } from 'viem';
import { Registry } from 'prom-client';
import {
  createFixtureMarket,
  startChainFixture,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import type { Knex } from '#shared/db/create-knex.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { Logger } from '#shared/logger/logger.js';
import { createLogCapture, type LogCapture } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import {
  startMarketIndexer,
  type MarketIndexerSettings,
  type RunningMarketIndexer,
} from '../../../apps/chain-executor/src/indexer/market-indexer.js';

export { USDC, waitFor };
export { buy, sell } from './direct-trades.js';

export interface IndexerTestbed {
  fixture: ChainFixture;
  database: TestDatabase;
  db: Knex;
  chainId: number;
  logger: Logger;
  logs: LogCapture;
  registry: Registry;
  /** Starts an indexer on the suite's chain and database (stopped by `close`, or earlier by the test). */
  startIndexer(settings?: Partial<MarketIndexerSettings>): RunningMarketIndexer;
  /** Stops every indexer this testbed started. */
  stopIndexers(): Promise<void>;
  close(): Promise<void>;
}

export async function startIndexerTestbed(): Promise<IndexerTestbed> {
  const [fixture, database] = await Promise.all([startChainFixture(), createTestDatabase()]);
  const logs = createLogCapture('debug');
  const { logger } = logs;
  const registry = new Registry();
  const running: RunningMarketIndexer[] = [];
  return {
    fixture,
    database,
    db: database.db,
    chainId: fixture.reader.chain.id,
    logger,
    logs,
    registry,
    startIndexer(settings = {}) {
      const indexer = startMarketIndexer(
        { db: database.db, reader: fixture.reader, logger, registry },
        { pollMs: 200, maxBlockRange: 2_000, leaderRetryMs: 100, ...settings },
      );
      running.push(indexer);
      return indexer;
    },
    async stopIndexers() {
      await Promise.all(running.splice(0).map((indexer) => indexer.stop()));
    },
    async close() {
      await Promise.all(running.splice(0).map((indexer) => indexer.stop()));
      await database.destroy();
      await fixture.stop();
    },
  };
}

/**
 * Registers the file's hooks: a testbed started in beforeAll, its indexers stopped after each test, closed in afterAll.
 * The returned testbed is usable inside tests (after beforeAll).
 */
export function useIndexerTestbed(): IndexerTestbed {
  // cast: every field is assigned in beforeAll, before any test reads one
  const testbed = {} as IndexerTestbed;
  let started: IndexerTestbed | undefined;
  beforeAll(async () => {
    started = await startIndexerTestbed();
    Object.assign(testbed, started);
  });
  afterEach(async () => {
    await started?.stopIndexers();
  });
  afterAll(async () => {
    await started?.close();
  });
  return testbed;
}

/** A fresh market contract, linked to a new markets row on the testbed's chain. */
export async function createLinkedMarket(
  testbed: IndexerTestbed,
  options: { outcomeCount?: number } = {},
): Promise<{ marketId: string; market: Address }> {
  const { marketId, market } = await createFixtureMarket(testbed.fixture, options);
  await linkMarket(testbed, { marketId, market, outcomeCount: options.outcomeCount ?? 2 });
  return { marketId, market };
}

export async function linkMarket(
  testbed: IndexerTestbed,
  input: { marketId: string; market: Address; outcomeCount?: number },
): Promise<void> {
  const outcomes = Array.from({ length: input.outcomeCount ?? 2 }, (_, index) => `Outcome ${index}`);
  await insertMarket(testbed.db, {
    id: input.marketId,
    question: `Market ${input.marketId}?`,
    category: 'testing',
    outcomes,
    contractAddress: input.market,
    chainId: testbed.chainId,
  });
}

export type Row = Record<string, unknown>;

export const marketTradesOf = (db: Knex, marketId: string): Promise<Row[]> =>
  db('market_trades')
    .where({ market_id: marketId })
    .orderBy([{ column: 'block_number' }, { column: 'log_index' }]);

export const pricePointsOf = (db: Knex, marketId: string): Promise<Row[]> =>
  db('price_points as pp')
    .join('market_trades as mt', 'mt.id', 'pp.market_trade_id')
    .where('pp.market_id', marketId)
    .orderBy([{ column: 'mt.block_number' }, { column: 'mt.log_index' }])
    .select('pp.*');

export async function marketRowOf(db: Knex, marketId: string): Promise<Row> {
  const row = await db<Row>('markets').where({ id: marketId }).first();
  if (!row) throw new Error(`market ${marketId} not found`);
  return row;
}

/** Resolves once the indexer leads and its cursor has reached the chain head. */
export async function waitUntilCaughtUp(testbed: IndexerTestbed, indexer: RunningMarketIndexer, timeoutMs = 5_000) {
  const head = await testbed.fixture.reader.publicClient.getBlockNumber({ cacheTime: 0 });
  await waitFor(
    'the indexer to lead and reach the head',
    async () => indexer.isLeader() && ((await cursorBlock(testbed)) ?? -1n) >= head,
    { timeoutMs },
  );
}

/** The main cursor's block (undefined before the first range). */
export async function cursorBlock(testbed: IndexerTestbed): Promise<bigint | undefined> {
  const row = await testbed
    .db<Row>('chain_cursors')
    .where({ name: `markets:${testbed.chainId}` })
    .first();
  return row ? BigInt(String(row.block_number)) : undefined;
}

/** Resolves once the market has `count` indexed trades (fails after `timeoutMs`). */
export function waitForTradeCount(testbed: IndexerTestbed, marketId: string, count: number, timeoutMs = 5_000) {
  return waitFor(
    `${count} indexed trades of ${marketId}`,
    async () => (await marketTradesOf(testbed.db, marketId)).length === count,
    { timeoutMs },
  );
}

/** Resolves once the trade of `txHash` is indexed; the deadline defaults to the 1 s the platform promises. */
export function waitForIndexedTx(testbed: IndexerTestbed, txHash: string, timeoutMs = 15_000) {
  return waitFor(
    `market trade of ${txHash} indexed`,
    async () => await testbed.db<Row>('market_trades').where({ tx_hash: txHash.toLowerCase() }).first(),
    { timeoutMs, intervalMs: 10 },
  );
}
