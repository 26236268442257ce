/**
 * Production and local deployment (not test-only): the platform contracts once per chain, then one market per
 * database market. The writer becomes the owner of both factories (it creates markets and smart accounts and
 * administers markets) and of the OperatorRegistry (it adds and revokes executor signers); on test networks it also
 * owns TestUSDC and may mint.
 */
import type { Address, Hex } from 'viem';
import {
  marketFactoryAbi,
  marketFactoryBytecode,
  smartAccountFactoryAbi,
  smartAccountFactoryBytecode,
  testUsdcAbi,
  testUsdcBytecode,
} from '../../../../shared/contracts/artifacts/index.js';
import { WAD } from '#shared/domain/units.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { deployContract, sendContractWrite } from '#shared/chain/contract-writes.js';
import { deployOperatorRegistry } from './operator-registry-admin.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import { mintTestUsdc } from './market-admin.js';
import type { PlatformAddresses } from '#shared/chain/platform-deployment.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export interface DeployPlatformOptions {
  /** Receives protocol fees. */
  treasury: Address;
  /** The executor's signer keys: registered in the OperatorRegistry, the operator of every smart account. */
  signers: readonly Address[];
  /** The settlement token; omit on a test network to deploy TestUSDC (owned by the writer). */
  usdc?: Address;
  /** Must be true to deploy TestUSDC: never on a network that holds value. */
  allowTestUsdc?: boolean;
}

/** Deploys (TestUSDC,) MarketFactory, OperatorRegistry and SmartAccountFactory, each waiting for its receipt. */
export async function deployPlatform(writer: ChainWriter, options: DeployPlatformOptions): Promise<PlatformAddresses> {
  if (!options.usdc && !options.allowTestUsdc) {
    throw new AppError('VALIDATION_FAILED', { detail: 'a USDC address is required unless TestUSDC is allowed' });
  }
  const admin = writer.account.address;
  const usdc = options.usdc ?? (await deployContract(writer, testUsdcAbi, testUsdcBytecode, [admin]));
  const marketFactory = await deployContract(writer, marketFactoryAbi, marketFactoryBytecode, [
    usdc,
    options.treasury,
    admin,
  ]);
  const operatorRegistry = await deployOperatorRegistry(writer, options.signers);
  const accountFactory = await deployContract(writer, smartAccountFactoryAbi, smartAccountFactoryBytecode, [
    usdc,
    marketFactory,
    operatorRegistry,
    admin,
  ]);
  return { chainId: writer.chain.id, usdc, marketFactory, accountFactory, operatorRegistry };
}

/** Equal WAD weights summing to exactly 1e18; the remainder wei go to the first outcomes. */
export function equalWeights(outcomeCount: number): bigint[] {
  if (!Number.isInteger(outcomeCount) || outcomeCount < 2 || outcomeCount > 100) {
    throw new AppError('VALIDATION_FAILED', { detail: 'a market needs 2 to 100 outcomes' });
  }
  const n = BigInt(outcomeCount);
  const remainder = Number(WAD % n);
  return Array.from({ length: outcomeCount }, (_, i) => WAD / n + (i < remainder ? 1n : 0n));
}

export interface DeployMarketOptions {
  /** The market's UUID (CREATE2 salt and on-chain `marketId`). */
  marketId: string;
  outcomeCount: number;
  /** WAD weights summing to 1e18 (initial prices); default equal. */
  weights?: readonly bigint[];
  /** Seed USDC, atomic (≥ 1 USDC), pulled from the writer. */
  initialReserve: bigint;
  /** The market's end_time: trading stops at this instant (rounded up to the second). */
  endTime: Date;
  /** Seconds after endTime before anyone may cancel an unresolved market; default 7 days. */
  gracePeriodSeconds?: number;
  /** Holder of the seed tokens; default the writer. */
  liquidityProvider?: Address;
  /** Test networks: mint the seed TestUSDC to the writer first. */
  mintInitialReserve?: boolean;
  /**
   * A rerun for an id whose deploy an earlier run may have sent: while the writer has transactions the node holds
   * unmined, that deploy may be among them, so nothing is sent (DEPENDENCY_UNAVAILABLE) rather than a second one.
   */
  refuseWhileSendsPending?: boolean;
}

export interface DeployedMarket {
  address: Address;
  /** Null when the market already existed (the call is idempotent per market id). */
  txHash: Hex | null;
  created: boolean;
}

async function marketOf(writer: ChainWriter, factory: Address, marketId: Hex): Promise<Address | undefined> {
  const address = await withChainErrors(() =>
    writer.publicClient.readContract({
      address: factory,
      abi: marketFactoryAbi,
      functionName: 'marketOf',
      args: [marketId],
    }),
  );
  return address === ZERO_ADDRESS ? undefined : address;
}

/** See DeployMarketOptions.refuseWhileSendsPending. */
async function refuseWhileSendsPending(writer: ChainWriter, marketId: string): Promise<void> {
  const address = writer.account.address;
  const [mined, sent] = await withChainErrors(() =>
    Promise.all([
      writer.publicClient.getTransactionCount({ address, blockTag: 'latest' }),
      writer.publicClient.getTransactionCount({ address, blockTag: 'pending' }),
    ]),
  );
  if (sent <= mined) return;
  throw new AppError('DEPENDENCY_UNAVAILABLE', {
    detail:
      `Market ${marketId} has no contract on chain yet, but ${address} has ${sent - mined} transaction(s) sent and ` +
      'not yet mined; the deploy of an earlier run may be among them, so nothing was sent. Run the same command ' +
      'again once they are mined or dropped.',
  });
}

/** Creates the market for a database market through the factory (approve the seed, then createMarket). */
export async function deployMarket(
  writer: ChainWriter,
  platform: PlatformAddresses,
  options: DeployMarketOptions,
): Promise<DeployedMarket> {
  const marketId = uuidToBytes32(options.marketId);
  const existing = await marketOf(writer, platform.marketFactory, marketId);
  if (existing) return { address: existing, txHash: null, created: false };
  if (options.refuseWhileSendsPending) await refuseWhileSendsPending(writer, options.marketId);
  const weights = options.weights ?? equalWeights(options.outcomeCount);
  if (weights.length !== options.outcomeCount) {
    throw new AppError('VALIDATION_FAILED', { detail: 'one weight per outcome is required' });
  }
  if (options.mintInitialReserve) {
    await mintTestUsdc(writer, { usdc: platform.usdc, to: writer.account.address, amount: options.initialReserve });
  }
  const approve = [platform.marketFactory, options.initialReserve] as const;
  await sendContractWrite(writer, { address: platform.usdc, abi: testUsdcAbi, functionName: 'approve', args: approve });
  const params = {
    marketId,
    weights: [...weights],
    initialReserve: options.initialReserve,
    resolveTime: BigInt(Math.ceil(options.endTime.getTime() / 1000)),
    gracePeriod: BigInt(options.gracePeriodSeconds ?? 7 * 86_400),
    liquidityProvider: options.liquidityProvider ?? writer.account.address,
  };
  const receipt = await sendContractWrite(writer, {
    address: platform.marketFactory,
    abi: marketFactoryAbi,
    functionName: 'createMarket',
    args: [params],
  });
  const address = await marketOf(writer, platform.marketFactory, marketId);
  if (!address) {
    throw new AppError('INTERNAL_ERROR', {
      detail: `the market factory names no market ${marketId} after creating it (${receipt.transactionHash})`,
    });
  }
  return { address, txHash: receipt.transactionHash, created: true };
}
