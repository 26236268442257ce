import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { findSmartAccount } from '../../apps/admin-cli/src/chain/smart-accounts.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { ANVIL_ADMIN_KEY } from '#shared/config/config-fields.js';
import { createUser, findUserById } from '#shared/db/users/users.repository.js';
import { demoIds } from './seed/demo-catalog.js';
import { setUpDemoChain } from './demo-chain-setup.js';
import { demoUsers, openDemoMarkets, startDemoChainSuite, type DemoChainSuite } from './demo-chain.fixture.js';
import { startOtherAccountsJob, type OtherAccountsJobSettings } from './other-accounts-job.js';

const OTHER_USERS = 150;

describe('npm start after load tests and benches left many other users in the database', () => {
  let suite: DemoChainSuite;
  let platform: PlatformAddresses;
  const otherIds: string[] = [];

  beforeAll(async () => {
    // Users of earlier runs, their accounts recorded on a chain that is gone.
    suite = await startDemoChainSuite(async ({ db }) => {
      for (let index = 0; index < OTHER_USERS; index += 1) {
        const smartAccountAddress = privateKeyToAccount(generatePrivateKey()).address;
        otherIds.push((await createUser(db, { email: `load-${index}@bench.example`, smartAccountAddress })).id);
      }
    });
  }, 60_000);
  afterAll(() => suite.stop());

  it('puts only the demo users on a fresh chain before start-up ends: their accounts and demo trades, none of the others', async () => {
    const summary = await setUpDemoChain(suite.database.db, suite.settings);
    platform = summary.platform;
    // The same work as with the demo users alone: 3 accounts and 3 buys per open demo market.
    expect(summary).toMatchObject({ platformDeployed: true, accountsCreated: demoUsers, otherUsers: OTHER_USERS });
    expect(summary.demoTrades).toBe(demoUsers * openDemoMarkets);
    for (const userId of Object.values(demoIds.users)) {
      const account = await findSmartAccount(suite.reader, { accountFactory: platform.accountFactory, userId });
      expect(account).toBeDefined();
      expect(await readUsdcBalance(suite.reader, { usdc: platform.usdc, account: account! })).toBeGreaterThan(0n);
    }
    for (const userId of otherIds.slice(0, 5)) {
      expect(await findSmartAccount(suite.reader, { accountFactory: platform.accountFactory, userId })).toBeUndefined();
    }
  }, 60_000);

  it('restores every other user a funded account in the background afterwards, with progress, and then has nothing left to do', async () => {
    const lines: string[] = [];
    const settings: OtherAccountsJobSettings = {
      databaseUrl: suite.database.url,
      rpcUrl: suite.chain.rpcUrl,
      adminPrivateKey: ANVIL_ADMIN_KEY,
      platform,
      fundingUsdc: 500,
      log: (line) => void lines.push(line),
    };
    const restored = await startOtherAccountsJob(settings).done;
    expect(restored).toEqual({
      total: OTHER_USERS,
      done: OTHER_USERS,
      created: OTHER_USERS,
      funded: OTHER_USERS,
      transactions: 2 * OTHER_USERS,
      failed: 0,
    });
    expect(lines.at(-1)).toMatch(
      /^smart accounts of other users ready: 150\/150 users \(150 accounts created, 150 funded\)/,
    );
    for (const userId of [otherIds[0]!, otherIds[OTHER_USERS - 1]!]) {
      const account = await findSmartAccount(suite.reader, { accountFactory: platform.accountFactory, userId });
      expect((await findUserById(suite.database.db, userId))?.smartAccountAddress).toBe(account);
      expect(await readUsdcBalance(suite.reader, { usdc: platform.usdc, account: account as Address })).toBe(
        500_000_000n,
      );
    }

    const again = await startOtherAccountsJob(settings).done;
    expect(again).toMatchObject({ total: OTHER_USERS, created: 0, funded: 0, transactions: 0 });
  }, 120_000);
});
