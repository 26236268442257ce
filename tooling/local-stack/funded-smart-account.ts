import type { Address } from 'viem';
import { createSmartAccount } from '../../apps/admin-cli/src/chain/smart-accounts.js';
import { mintTestUsdc } from '../../apps/admin-cli/src/chain/market-admin.js';
import { moveAccountToRegistry } from '../../apps/admin-cli/src/chain/operator-registry-admin.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import type { Queryable } from '#shared/db/transaction.js';
import { linkUserSmartAccount } from './seed/demo-chain-rows.js';

export interface ChainUser {
  id: string;
  smartAccountAddress: string | null;
}

export interface FundedAccount {
  address: Address;
  /** The account was deployed now (a fresh chain, or a user new since the last start). */
  created: boolean;
  /** TestUSDC was minted to it now (it held none). */
  funded: boolean;
  /** Chain transactions this took (0 when the account was there and held USDC). */
  transactions: number;
}

/**
 * Gives a user a deployed smart account on this chain holding TestUSDC, idempotently: deploys it when missing (an
 * account made before the platform had a registry moves to it), records its address on the user, and mints
 * `funding` when it holds none.
 */
export async function ensureFundedAccount(
  db: Queryable,
  admin: ChainWriter,
  platform: PlatformAddresses,
  user: ChainUser,
  funding: bigint,
): Promise<FundedAccount> {
  let transactions = 0;
  const account = await createSmartAccount(admin, { accountFactory: platform.accountFactory, userId: user.id });
  if (account.created) transactions += 1;
  else if (platform.operatorRegistry) {
    const moved = await moveAccountToRegistry(admin, { account: account.address, registry: platform.operatorRegistry });
    if (moved === 'moved') transactions += 1;
  }
  if (user.smartAccountAddress !== account.address) await linkUserSmartAccount(db, user.id, account.address);
  const empty = (await readUsdcBalance(admin, { usdc: platform.usdc, account: account.address })) === 0n;
  if (empty) {
    await mintTestUsdc(admin, { usdc: platform.usdc, to: account.address, amount: funding });
    transactions += 1;
  }
  return { address: account.address, created: account.created, funded: empty, transactions };
}
