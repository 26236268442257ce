/*
 * The bench's own world, like the component tests': a fresh MySQL database (migrated, demo data plus 200 markets with
 * trades and price history), a Redis key prefix and an anvil chain with one deployed market for quotes.
 */
import { randomUUID } from 'node:crypto';
import {
  createFixtureMarket,
  startChainFixture,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import {
  address,
  insertPricePoint,
  insertTrade,
  setMarketAggregates,
} from '../../kits/public-read/activity-fixtures.js';

export interface BenchWorld {
  database: TestDatabase;
  chain: ChainFixture;
  /** A market with 500 price points and 300 trades. */
  historyMarketId: string;
  /** A market deployed on the chain. */
  quoteMarketId: string;
  close(): Promise<void>;
}

const wad = (fraction: number): string => (BigInt(Math.round(fraction * 1e6)) * 10n ** 12n).toString();

export async function createBenchWorld(): Promise<BenchWorld> {
  const [database, chain] = await Promise.all([createTestDatabase(), startChainFixture()]);
  const { db } = database;
  await seedDemoData(db);
  for (let index = 0; index < 200; index += 1) {
    const market = await insertMarket(db, {
      question: `Bench market ${index}?`,
      description: 'A market of the benchmark data set.',
      category: ['sports', 'politics', 'technology'][index % 3]!,
      tags: ['bench'],
      status: index % 10 === 0 ? 'RESOLVED' : 'OPEN',
      outcomes: ['YES', 'NO'],
      endTime: new Date(Date.UTC(2027, 0, 1 + index)),
      sourceSocialPostUrl: `https://social.example/@bench/status/${1_000 + index}`,
      currentProbabilities: [wad(0.3 + (index % 40) / 100), wad(0.7 - (index % 40) / 100)],
    });
    await setMarketAggregates(db, market.id, { totalVolumeCents: index * 137, tradeCount: index });
  }
  const history = await insertMarket(db, {
    question: 'Bench history?',
    category: 'sports',
    outcomes: ['YES', 'NO'],
    currentProbabilities: [wad(0.5), wad(0.5)],
  });
  const start = Date.now() - 600 * 60_000;
  for (let index = 0; index < 500; index += 1) {
    await insertPricePoint(db, {
      marketId: history.id,
      recordedAt: new Date(start + index * 60_000),
      prices: [wad(0.4 + index / 5_000), wad(0.6 - index / 5_000)],
      probabilities: [wad(0.4 + index / 5_000), wad(0.6 - index / 5_000)],
      cumulativeVolume: BigInt(index + 1) * USDC,
    });
  }
  for (let index = 0; index < 300; index += 1) {
    await insertTrade(db, {
      marketId: history.id,
      trader: address(index % 50),
      usdc: USDC,
      blockTime: new Date(start + index * 90_000),
    });
  }
  const deployed = await createFixtureMarket(chain);
  await insertMarket(db, {
    id: deployed.marketId,
    question: 'Bench quote?',
    category: 'sports',
    outcomes: ['YES', 'NO'],
    contractAddress: deployed.market,
    chainId: chain.reader.chain.id,
  });
  return {
    database,
    chain,
    historyMarketId: history.id,
    quoteMarketId: deployed.marketId,
    close: async () => {
      await database.destroy();
      await chain.stop();
    },
  };
}

export const benchRedisPrefix = (): string => `bench:${randomUUID().slice(0, 8)}:`;
