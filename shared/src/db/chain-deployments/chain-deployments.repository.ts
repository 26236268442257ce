import type { Address } from 'viem';
import { toAddress, toDate } from '../column-values.js';
import type { Queryable } from '../transaction.js';

/** The platform contracts on one chain, as recorded by whoever deployed them (npm start or an operator). */
export interface ChainDeployment {
  chainId: number;
  usdcAddress: Address;
  marketFactoryAddress: Address;
  accountFactoryAddress: Address;
  treasuryAddress: Address;
  operatorAddress: Address;
  /** The OperatorRegistry the smart accounts' operator calls go through; null on a platform deployed before it. */
  operatorRegistryAddress: Address | null;
  deployedAt: Date;
}

export type NewChainDeployment = Omit<ChainDeployment, 'deployedAt'>;

/** Records (or replaces, after a redeploy on a fresh chain) the platform of a chain. */
export async function recordChainDeployment(db: Queryable, deployment: NewChainDeployment): Promise<void> {
  const row = {
    chain_id: deployment.chainId,
    usdc_address: deployment.usdcAddress,
    market_factory_address: deployment.marketFactoryAddress,
    account_factory_address: deployment.accountFactoryAddress,
    treasury_address: deployment.treasuryAddress,
    operator_address: deployment.operatorAddress,
    operator_registry_address: deployment.operatorRegistryAddress,
  };
  await db('chain_deployments')
    .insert(row)
    .onConflict('chain_id')
    .merge({ ...row, deployed_at: db.raw('CURRENT_TIMESTAMP(3)') });
}

export async function findChainDeployment(db: Queryable, chainId: number): Promise<ChainDeployment | null> {
  const row: Record<string, unknown> | undefined = await db('chain_deployments').where({ chain_id: chainId }).first();
  if (!row) return null;
  return {
    chainId: Number(row.chain_id),
    usdcAddress: toAddress(row.usdc_address, 'chain_deployments.usdc_address'),
    marketFactoryAddress: toAddress(row.market_factory_address, 'chain_deployments.market_factory_address'),
    accountFactoryAddress: toAddress(row.account_factory_address, 'chain_deployments.account_factory_address'),
    treasuryAddress: toAddress(row.treasury_address, 'chain_deployments.treasury_address'),
    operatorAddress: toAddress(row.operator_address, 'chain_deployments.operator_address'),
    operatorRegistryAddress:
      row.operator_registry_address === null || row.operator_registry_address === undefined
        ? null
        : toAddress(row.operator_registry_address, 'chain_deployments.operator_registry_address'),
    deployedAt: toDate(row.deployed_at),
  };
}
