/* Test-only: the seeded demo data on a fresh chain of its own, for the tests of what `npm start` puts on chain. */
import { createChainClients, type ChainReader } from '#shared/chain/chain-clients.js';
import { ANVIL_ADMIN_KEY, ANVIL_EXECUTOR_KEY } from '#shared/config/config-fields.js';
import { startTestChain, type TestChain } from '../testing/test-chain.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { DemoChainSettings } from './demo-chain-setup.js';
import { demoIds } from './seed/demo-catalog.js';
import { seedDemoData } from './seed/demo-data.js';
import { demoMarkets } from './seed/demo-markets.js';

export const demoUsers = Object.keys(demoIds.users).length;
export const openDemoMarkets = demoMarkets.filter((market) => market.status === 'OPEN').length;

export interface DemoChainSuite {
  chain: TestChain;
  database: TestDatabase;
  reader: ChainReader;
  /** setUpDemoChain's settings: anvil's admin and executor keys, 500 USDC per account. */
  settings: DemoChainSettings;
  stop(): Promise<void>;
}

/** A chain and a database holding the demo data, with `seed` run before the reader connects. */
export async function startDemoChainSuite(seed?: (database: TestDatabase) => Promise<void>): Promise<DemoChainSuite> {
  const [chain, database] = await Promise.all([startTestChain(), createTestDatabase()]);
  await seedDemoData(database.db);
  await seed?.(database);
  const reader = await createChainClients({ rpcUrl: chain.rpcUrl });
  return {
    chain,
    database,
    reader,
    settings: {
      rpcUrl: chain.rpcUrl,
      adminPrivateKey: ANVIL_ADMIN_KEY,
      executorPrivateKeys: [ANVIL_EXECUTOR_KEY],
      fundingUsdc: 500,
    },
    async stop() {
      await reader.close();
      await Promise.all([chain.stop(), database.destroy()]);
    },
  };
}
