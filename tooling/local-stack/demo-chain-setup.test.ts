import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { readMarketState } from '#shared/chain/market-reads.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { findChainDeployment } from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { setUpDemoChain } from './demo-chain-setup.js';
import { demoUsers, openDemoMarkets, startDemoChainSuite, type DemoChainSuite } from './demo-chain.fixture.js';

describe('putting the demo data on the chain', () => {
  let suite: DemoChainSuite;

  beforeAll(async () => {
    suite = await startDemoChainSuite();
  }, 60_000);
  afterAll(() => suite.stop());

  it('deploys the platform, every market in its recorded status and a funded account per user', async () => {
    const summary = await setUpDemoChain(suite.database.db, suite.settings);
    expect(summary).toMatchObject({ platformDeployed: true, marketsDeployed: 10, accountsCreated: 3, otherUsers: 0 });
    expect(summary.demoTrades).toBe(demoUsers * openDemoMarkets);
    expect(await findChainDeployment(suite.database.db, summary.chainId)).toMatchObject({
      marketFactoryAddress: summary.platform.marketFactory,
      accountFactoryAddress: summary.platform.accountFactory,
    });

    const markets = (await suite.database.db('markets').select('status', 'contract_address', 'chain_id')) as Array<{
      status: string;
      contract_address: string;
      chain_id: number;
    }>;
    for (const market of markets) {
      expect(market.chain_id).toBe(summary.chainId);
      expect(await readMarketState(suite.reader, market.contract_address as Address)).toBe(market.status);
    }
    const users = (await suite.database.db('users').pluck('smart_account_address')) as string[];
    for (const account of users) {
      const balance = await readUsdcBalance(suite.reader, { usdc: summary.platform.usdc, account: account as Address });
      expect(balance).toBeGreaterThan(0n);
      expect(balance).toBeLessThanOrEqual(500_000_000n);
    }
  }, 60_000);

  it('changes nothing when run again on the same chain', async () => {
    const again = await setUpDemoChain(suite.database.db, suite.settings);
    expect(again).toMatchObject({ platformDeployed: false, marketsDeployed: 0, accountsCreated: 0, demoTrades: 0 });
  }, 60_000);
});
