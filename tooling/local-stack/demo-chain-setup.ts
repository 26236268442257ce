import type { Knex } from 'knex';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cancelMarket, freezeMarket, resolveMarket } from '../../apps/admin-cli/src/chain/market-admin.js';
import { createChainClients, type ChainWriter } from '#shared/chain/chain-clients.js';
import { deployMarket, deployPlatform } from '../../apps/admin-cli/src/chain/deploy-platform.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { executeBuy } from '../../apps/chain-executor/src/chain/guarded-trades.js';
import {
  installOperatorRegistry,
  isRegisteredSigner,
  setSignerRegistered,
} from '../../apps/admin-cli/src/chain/operator-registry-admin.js';
import {
  findChainDeployment,
  recordChainDeployment,
} from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { linkMarketContract, listMarketsForChain, type MarketChainRow } from './seed/demo-chain-rows.js';
import { demoMarkets } from './seed/demo-markets.js';
import { USDC_ATOMIC_PER_UNIT as USDC } from '#shared/domain/trade-amount.js';
import { ensureFundedAccount } from './funded-smart-account.js';
import { listChainUsers } from './other-user-accounts.js';
import { ensureSignerGas } from './signer-gas.js';

const DEMO_RESERVE = 1_000n * USDC;
const DAY_MS = 86_400_000;
const demoMarketIds: ReadonlySet<string> = new Set(demoMarkets.map((market) => market.id));

export interface DemoChainSettings {
  rpcUrl: string;
  adminPrivateKey: Hex;
  /** The executor's signer pool: every key is registered in the OperatorRegistry; the first places demo trades. */
  executorPrivateKeys: readonly Hex[];
  fundingUsdc: number;
}

export interface DemoChainSummary {
  chainId: number;
  platform: PlatformAddresses;
  platformDeployed: boolean;
  marketsDeployed: number;
  /** Smart accounts of demo users deployed now. */
  accountsCreated: number;
  /** Executor signers given ETH for gas now (a pool past anvil's 10 funded accounts). */
  signersFunded: number;
  demoTrades: number;
  /** Users that are not demo users: their accounts are restoreOtherUserAccounts' work, after start-up. */
  otherUsers: number;
}

/**
 * Puts the demo data on the chain, idempotently: deploys (or reuses) the platform and records it, deploys each
 * market in its status, gives each demo user a funded smart account, and places a few demo trades (demo users on demo
 * markets) on a fresh platform. Other users (load tests, benches) are left to restoreOtherUserAccounts, so this
 * work does not grow with them.
 */
export async function setUpDemoChain(db: Knex, settings: DemoChainSettings): Promise<DemoChainSummary> {
  const admin = await createChainClients({ rpcUrl: settings.rpcUrl, privateKey: settings.adminPrivateKey });
  const [firstSigner] = settings.executorPrivateKeys;
  if (!firstSigner) throw new Error('the demo chain needs at least one executor signer key');
  const executor = await createChainClients({ rpcUrl: settings.rpcUrl, privateKey: firstSigner });
  try {
    const signers = settings.executorPrivateKeys.map((key) => privateKeyToAccount(key).address);
    const { platform, deployed } = await ensurePlatform(db, admin, signers);
    let marketsDeployed = 0;
    for (const market of await listMarketsForChain(db)) {
      if (await putMarketOnChain(db, admin, platform, market)) marketsDeployed += 1;
    }
    const signersFunded = await ensureSignerGas(admin, signers);
    const { demo, others } = await listChainUsers(db);
    const accounts: DemoAccounts = { created: 0, addresses: [] };
    for (const user of demo) {
      const account = await ensureFundedAccount(db, admin, platform, user, BigInt(settings.fundingUsdc) * USDC);
      if (account.created) accounts.created += 1;
      accounts.addresses.push(account.address);
    }
    const demoTrades = deployed ? await placeDemoTrades(db, executor, platform, accounts) : 0;
    return {
      chainId: platform.chainId,
      platform,
      platformDeployed: deployed,
      marketsDeployed,
      accountsCreated: accounts.created,
      signersFunded,
      demoTrades,
      otherUsers: others.length,
    };
  } finally {
    await Promise.all([admin.close(), executor.close()]);
  }
}

async function hasCode(writer: ChainWriter, address: Address): Promise<boolean> {
  const code = await writer.publicClient.getCode({ address });
  return code !== undefined && code !== '0x';
}

/**
 * The recorded platform when its contracts are on this chain (given an OperatorRegistry with every signer of the pool
 * registered, when it predates one: the `admin signers setup` migration), else a fresh deployment.
 */
async function ensurePlatform(db: Knex, admin: ChainWriter, signers: readonly Address[]) {
  const recorded = await findChainDeployment(db, admin.chain.id);
  const treasury = admin.account.address;
  if (recorded && (await hasCode(admin, recorded.marketFactoryAddress))) {
    const operatorRegistry = await installOperatorRegistry(admin, {
      accountFactory: recorded.accountFactoryAddress,
      registry: recorded.operatorRegistryAddress,
      signers,
    });
    for (const signer of signers) {
      if (!(await isRegisteredSigner(admin, operatorRegistry, signer))) {
        await setSignerRegistered(admin, { registry: operatorRegistry, signer, registered: true });
      }
    }
    if (recorded.operatorRegistryAddress !== operatorRegistry) {
      await recordChainDeployment(db, {
        ...recorded,
        operatorAddress: operatorRegistry,
        operatorRegistryAddress: operatorRegistry,
      });
    }
    const platform: PlatformAddresses = {
      chainId: admin.chain.id,
      usdc: recorded.usdcAddress,
      marketFactory: recorded.marketFactoryAddress,
      accountFactory: recorded.accountFactoryAddress,
      operatorRegistry,
    };
    return { deployed: false, platform };
  }
  const platform = await deployPlatform(admin, { treasury, signers, allowTestUsdc: true });
  await recordChainDeployment(db, {
    chainId: platform.chainId,
    usdcAddress: platform.usdc,
    marketFactoryAddress: platform.marketFactory,
    accountFactoryAddress: platform.accountFactory,
    treasuryAddress: treasury,
    operatorAddress: platform.operatorRegistry ?? treasury,
    operatorRegistryAddress: platform.operatorRegistry,
  });
  return { deployed: true, platform };
}

/** Deploys a market missing on this chain and brings it to its recorded status. Returns whether it deployed. */
async function putMarketOnChain(db: Knex, admin: ChainWriter, platform: PlatformAddresses, market: MarketChainRow) {
  const addressOnThisChain = market.chainId === platform.chainId ? market.contractAddress : null;
  if (addressOnThisChain !== null && (await hasCode(admin, addressOnThisChain))) return false;
  // Settled demo markets ended in the past; the contract needs a future resolve time to be created at all.
  const future = Date.now() + DAY_MS;
  const endTime = market.endTime && market.endTime.getTime() > future ? market.endTime : new Date(future + 29 * DAY_MS);
  const { address } = await deployMarket(admin, platform, {
    marketId: market.id,
    outcomeCount: market.outcomeCount,
    initialReserve: DEMO_RESERVE,
    endTime,
    mintInitialReserve: true,
  });
  if (market.status === 'FROZEN') await freezeMarket(admin, address);
  if (market.status === 'RESOLVED')
    await resolveMarket(admin, { market: address, winners: market.winningOutcomes ?? [0] });
  if (market.status === 'CANCELLED') await cancelMarket(admin, address);
  await linkMarketContract(db, market.id, platform.chainId, address);
  return true;
}

interface DemoAccounts {
  created: number;
  addresses: Address[];
}

/** A few buys by each demo user on each open demo market, so price history and recent trades have something to show. */
async function placeDemoTrades(
  db: Knex,
  executor: ChainWriter,
  platform: PlatformAddresses,
  accounts: DemoAccounts,
): Promise<number> {
  const registry = platform.operatorRegistry;
  if (!registry) return 0;
  const open = (await listMarketsForChain(db)).flatMap(({ contractAddress, ...market }) =>
    market.status === 'OPEN' && contractAddress && demoMarketIds.has(market.id) ? [{ ...market, contractAddress }] : [],
  );
  let trades = 0;
  for (const [index, market] of open.entries()) {
    for (const [offset, account] of accounts.addresses.entries()) {
      await executeBuy(executor, {
        registry,
        deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
        account,
        market: market.contractAddress,
        outcomeIndex: (index + offset) % market.outcomeCount,
        tradeId: crypto.randomUUID(),
        usdcIn: BigInt(10 + 15 * offset) * USDC,
      });
      trades += 1;
    }
  }
  return trades;
}
