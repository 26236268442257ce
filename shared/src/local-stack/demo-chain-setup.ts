import type { Knex } from 'knex';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  cancelMarket,
  createChainClients,
  createSmartAccount,
  deployMarket,
  deployPlatform,
  executeBuy,
  installOperatorRegistry,
  isRegisteredSigner,
  moveAccountToRegistry,
  setSignerRegistered,
  freezeMarket,
  mintTestUsdc,
  readUsdcBalance,
  resolveMarket,
  type ChainWriter,
  type PlatformAddresses,
} from '../chain/index.js';
import { findChainDeployment, recordChainDeployment } from '../db/repositories/chain-deployments.repository.js';
import {
  linkMarketContract,
  linkUserSmartAccount,
  listMarketsForChain,
  listUsersForChain,
  type MarketChainRow,
} from '../db/seed/demo-chain-rows.js';
import { USDC_ATOMIC_PER_UNIT as USDC } from '../domain/trade-amount.js';

const DEMO_RESERVE = 1_000n * USDC;
const DAY_MS = 86_400_000;

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
  accountsCreated: number;
  demoTrades: number;
}

/**
 * Puts the demo data on the chain, idempotently: deploys (or reuses) the platform and records it, deploys each
 * market in its status, gives each user a funded smart account, and places a few demo trades on a fresh platform.
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
    const accounts = await ensureFundedAccounts(db, admin, platform, BigInt(settings.fundingUsdc) * USDC);
    const demoTrades = deployed ? await placeDemoTrades(db, executor, platform, accounts) : 0;
    return {
      chainId: platform.chainId,
      platform,
      platformDeployed: deployed,
      marketsDeployed,
      accountsCreated: accounts.created,
      demoTrades,
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

async function ensureFundedAccounts(db: Knex, admin: ChainWriter, platform: PlatformAddresses, funding: bigint) {
  const accounts: DemoAccounts = { created: 0, addresses: [] };
  for (const user of await listUsersForChain(db)) {
    const account = await createSmartAccount(admin, { accountFactory: platform.accountFactory, userId: user.id });
    if (account.created) accounts.created += 1;
    // An account made before the platform had a registry moves to it (a no-op read for the others).
    else if (platform.operatorRegistry) {
      await moveAccountToRegistry(admin, { account: account.address, registry: platform.operatorRegistry });
    }
    if (user.smartAccountAddress !== account.address) await linkUserSmartAccount(db, user.id, account.address);
    if ((await readUsdcBalance(admin, { usdc: platform.usdc, account: account.address })) === 0n) {
      await mintTestUsdc(admin, { usdc: platform.usdc, to: account.address, amount: funding });
    }
    accounts.addresses.push(account.address);
  }
  return accounts;
}

/** A few buys on each open market, so price history and recent trades have something to show. */
async function placeDemoTrades(
  db: Knex,
  executor: ChainWriter,
  platform: PlatformAddresses,
  accounts: DemoAccounts,
): Promise<number> {
  const registry = platform.operatorRegistry;
  if (!registry) return 0;
  const open = (await listMarketsForChain(db)).flatMap(({ contractAddress, ...market }) =>
    market.status === 'OPEN' && contractAddress ? [{ ...market, contractAddress }] : [],
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
