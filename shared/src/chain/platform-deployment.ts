import { findChainDeployment } from '../db/chain-deployments/chain-deployments.repository.js';
import type { Queryable } from '../db/transaction.js';
import { AppError } from '../errors/app-error.js';
import type { Address } from 'viem';

export interface PlatformAddresses {
  chainId: number;
  usdc: Address;
  marketFactory: Address;
  accountFactory: Address;
  /** The operator of every smart account (OperatorRegistry); null on a platform deployed before it. */
  operatorRegistry: Address | null;
}

/**
 * The platform contracts of `chainId` as recorded in MySQL. Fails with DEPENDENCY_UNAVAILABLE (and a message
 * that says how to fix it) when nothing was deployed there yet.
 */
export async function loadPlatformAddresses(db: Queryable, chainId: number): Promise<PlatformAddresses> {
  const deployment = await findChainDeployment(db, chainId);
  if (!deployment) {
    throw new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: `No Foretell platform is recorded for chain ${chainId}: run \`npm start\` locally, or deploy it and record it in chain_deployments.`,
    });
  }
  return {
    chainId,
    usdc: deployment.usdcAddress,
    marketFactory: deployment.marketFactoryAddress,
    accountFactory: deployment.accountFactoryAddress,
    operatorRegistry: deployment.operatorRegistryAddress,
  };
}
