/**
 * Test-only: a chain per suite (tooling/testing/test-chain.ts) with the production chain layer on top —
 * private-key writers for the platform admin and the executor (anvil's well-known dev keys), the platform deployed
 * by `deployPlatform`, and snapshot/revert that also forgets cached nonces. Never import outside tests.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { recordChainDeployment } from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { type Queryable } from '#shared/db/transaction.js';
import { anvilDevKey } from '../local-stack/replicas.js';
import { startTestChain, type TestChain } from './test-chain.js';
import { createChainClients, withSigner, type ChainReader, type ChainWriter } from '#shared/chain/chain-clients.js';
import { createSmartAccount } from '../../apps/admin-cli/src/chain/smart-accounts.js';
import { deployMarket, deployPlatform } from '../../apps/admin-cli/src/chain/deploy-platform.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { mintTestUsdc } from '../../apps/admin-cli/src/chain/market-admin.js';
import type { OperatorRoute } from '../../apps/chain-executor/src/chain/operator-calls.js';

export const USDC = 1_000_000n;
export const WAD = 10n ** 18n;
/** A deadline (Unix seconds, year 3000) no test chain's clock reaches. */
export const FAR_DEADLINE = 32_503_680_000n;

/** The private key of anvil's dev account `index` (the local stack's signer pool draws from the same keys). */
export const anvilPrivateKey = anvilDevKey;

export interface ChainFixture {
  chain: TestChain;
  reader: ChainReader;
  /** anvil account 0: owns TestUSDC and both factories. */
  admin: ChainWriter;
  /** anvil account 1: the registered signer of the OperatorRegistry, the smart accounts' operator. */
  executor: ChainWriter;
  treasury: Address;
  platform: PlatformAddresses;
  /** The registry route of the executor's account calls, with a deadline no test chain reaches. */
  route: OperatorRoute;
  /** Reverts to the state of the last `checkpoint()` and forgets cached nonces. */
  reset(): Promise<void>;
  /** Takes the snapshot `reset()` returns to. */
  checkpoint(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChainFixture(): Promise<ChainFixture> {
  const chain = await startTestChain();
  const reader = await createChainClients({ rpcUrl: chain.rpcUrl });
  const admin = withSigner(reader, anvilPrivateKey(0));
  const executor = withSigner(reader, anvilPrivateKey(1));
  admin.resetNonce();
  executor.resetNonce();
  const [, , treasury] = chain.accounts;
  if (!treasury) throw new Error('the test chain has fewer than 3 funded accounts');
  const platform = await deployPlatform(admin, {
    treasury,
    signers: [executor.account.address],
    allowTestUsdc: true,
  });
  let snapshot = await chain.snapshot();
  if (!platform.operatorRegistry) throw new Error('deployPlatform deployed no OperatorRegistry');
  return {
    chain,
    reader,
    admin,
    executor,
    treasury,
    platform,
    route: { registry: platform.operatorRegistry, deadline: FAR_DEADLINE },
    async reset() {
      await chain.revert(snapshot);
      snapshot = await chain.snapshot();
      admin.resetNonce();
      executor.resetNonce();
    },
    async checkpoint() {
      snapshot = await chain.snapshot();
    },
    stop: () => chain.stop(),
  };
}

/** A fresh market (equal weights, 100 USDC seed, ends in 30 days) and its UUID. */
export async function createFixtureMarket(
  fixture: ChainFixture,
  options: { outcomeCount?: number; initialReserve?: bigint } = {},
): Promise<{ marketId: string; market: Address }> {
  const marketId = randomUUID();
  const block = await fixture.reader.publicClient.getBlock();
  const { address } = await deployMarket(fixture.admin, fixture.platform, {
    marketId,
    outcomeCount: options.outcomeCount ?? 2,
    initialReserve: options.initialReserve ?? 100n * USDC,
    endTime: new Date(Number(block.timestamp + 30n * 86_400n) * 1000),
    mintInitialReserve: true,
  });
  return { marketId, market: address };
}

/**
 * A fixture market deployed on-chain and listed in MySQL as the platform lists one: what a test or bench that trades
 * needs. `outcomes` defaults to YES/NO and sets the outcome count.
 */
export async function createListedFixtureMarket(
  fixture: ChainFixture,
  db: Queryable,
  listing: {
    question: string;
    category: string;
    outcomes?: string[];
    initialReserve?: bigint;
  } & Partial<Pick<Parameters<typeof insertMarket>[1], 'organizationId' | 'partnerId'>>,
): Promise<{ marketId: string; market: Address }> {
  const { question, category, outcomes = ['YES', 'NO'], initialReserve, ...owners } = listing;
  const deployed = await createFixtureMarket(fixture, {
    outcomeCount: outcomes.length,
    ...(initialReserve === undefined ? {} : { initialReserve }),
  });
  await insertMarket(db, {
    id: deployed.marketId,
    question,
    category,
    outcomes,
    contractAddress: deployed.market,
    chainId: fixture.reader.chain.id,
    ...owners,
  });
  return deployed;
}

/** A demo user's smart account, created by the platform and funded with `funding` test USDC. */
export async function createFundedAccount(
  fixture: ChainFixture,
  funding: bigint = 1_000n * USDC,
): Promise<{ userId: string; account: Address }> {
  const userId = randomUUID();
  const { address } = await createSmartAccount(fixture.admin, {
    accountFactory: fixture.platform.accountFactory,
    userId,
  });
  if (funding > 0n) await mintTestUsdc(fixture.admin, { usdc: fixture.platform.usdc, to: address, amount: funding });
  return { userId, account: address };
}

/** Records the fixture's platform in `chain_deployments` (what `npm start` and deployments do), so apps find it. */
export async function recordFixtureDeployment(db: Queryable, fixture: ChainFixture): Promise<void> {
  await recordChainDeployment(db, {
    chainId: fixture.reader.chain.id,
    usdcAddress: fixture.platform.usdc,
    marketFactoryAddress: fixture.platform.marketFactory,
    accountFactoryAddress: fixture.platform.accountFactory,
    treasuryAddress: fixture.treasury,
    operatorAddress: fixture.platform.operatorRegistry ?? fixture.executor.account.address,
    operatorRegistryAddress: fixture.platform.operatorRegistry,
  });
}

/**
 * `writer` running `move` once, after every read of the executor and just before its send (currentFees is its last
 * call before signing): the chain changes between the executor's checks and the mining of its transaction.
 */
export function racingWriter(
  writer: ChainWriter,
  move: () => Promise<unknown>,
): { writer: ChainWriter; moved(): boolean } {
  let moved = false;
  return {
    writer: {
      ...writer,
      currentFees: async () => {
        if (!moved) {
          moved = true;
          await move();
        }
        return writer.currentFees();
      },
    },
    moved: () => moved,
  };
}
