import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { createChainClients, type ChainReader } from '#shared/chain/chain-clients.js';
import { readMarketState } from '#shared/chain/market-reads.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { ANVIL_ADMIN_KEY, ANVIL_EXECUTOR_KEY } from '#shared/config/config-fields.js';
import { findChainDeployment } from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { demoIds } from './seed/demo-catalog.js';
import { seedDemoData } from './seed/demo-data.js';
import { demoMarkets } from './seed/demo-markets.js';
import { startTestChain, type TestChain } from '../testing/test-chain.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { setUpDemoChain, type DemoChainSettings } from './demo-chain-setup.js';

const demoUsers = Object.keys(demoIds.users).length;
const openDemoMarkets = demoMarkets.filter((market) => market.status === 'OPEN').length;

describe('putting the demo data on the chain', () => {
  let chain: TestChain;
  let database: TestDatabase;
  let reader: ChainReader;
  let settings: DemoChainSettings;

  beforeAll(async () => {
    [chain, database] = await Promise.all([startTestChain(), createTestDatabase()]);
    await seedDemoData(database.db);
    reader = await createChainClients({ rpcUrl: chain.rpcUrl });
    settings = {
      rpcUrl: chain.rpcUrl,
      adminPrivateKey: ANVIL_ADMIN_KEY,
      executorPrivateKeys: [ANVIL_EXECUTOR_KEY],
      fundingUsdc: 500,
    };
  }, 60_000);
  afterAll(async () => {
    await reader.close();
    await Promise.all([chain.stop(), database.destroy()]);
  });

  it('deploys the platform, every market in its recorded status and a funded account per user', async () => {
    const summary = await setUpDemoChain(database.db, settings);
    expect(summary).toMatchObject({ platformDeployed: true, marketsDeployed: 10, accountsCreated: 3, otherUsers: 0 });
    expect(summary.demoTrades).toBe(demoUsers * openDemoMarkets);
    expect(await findChainDeployment(database.db, summary.chainId)).toMatchObject({
      marketFactoryAddress: summary.platform.marketFactory,
      accountFactoryAddress: summary.platform.accountFactory,
    });

    const markets = (await database.db('markets').select('status', 'contract_address', 'chain_id')) as Array<{
      status: string;
      contract_address: string;
      chain_id: number;
    }>;
    for (const market of markets) {
      expect(market.chain_id).toBe(summary.chainId);
      expect(await readMarketState(reader, market.contract_address as Address)).toBe(market.status);
    }
    const users = (await database.db('users').pluck('smart_account_address')) as string[];
    for (const account of users) {
      const balance = await readUsdcBalance(reader, { usdc: summary.platform.usdc, account: account as Address });
      expect(balance).toBeGreaterThan(0n);
      expect(balance).toBeLessThanOrEqual(500_000_000n);
    }
  }, 60_000);

  it('changes nothing when run again on the same chain', async () => {
    const again = await setUpDemoChain(database.db, settings);
    expect(again).toMatchObject({ platformDeployed: false, marketsDeployed: 0, accountsCreated: 0, demoTrades: 0 });
  }, 60_000);
});
