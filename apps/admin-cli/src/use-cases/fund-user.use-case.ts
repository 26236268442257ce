import type { Address, Hex } from 'viem';
import { mintTestUsdc } from '../chain/market-admin.js';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { type Queryable } from '#shared/db/transaction.js';
import { type User } from '#shared/db/users/users.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import { findUserByReference } from './user-lookup.js';

export interface FundUserDeps {
  db: Queryable;
  /** Opened (the admin key leased) only once the request passed every check. */
  chain: () => Promise<ChainWriter>;
  platform: () => Promise<PlatformAddresses>;
  serviceEnv: 'test' | 'live';
}

export interface FundUserCommand {
  /** An id or an email. */
  user: string;
  /** USDC atomic units, > 0. */
  amount: bigint;
  actor: string;
}

export interface FundedUser {
  user: User;
  smartAccountAddress: Address;
  amount: bigint;
  /** USDC (atomic) held by the smart account after the mint. */
  usdcBalance: bigint;
  txHash: Hex;
}

/** `users fund`: mints TestUSDC to the user's smart account. Test chains only: refused when SERVICE_ENV=live. */
export async function fundUser(deps: FundUserDeps, command: FundUserCommand): Promise<FundedUser> {
  if (deps.serviceEnv === 'live') {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'users fund mints test USDC and is refused when SERVICE_ENV=live: fund live accounts with real USDC',
    });
  }
  const user = await findUserByReference(deps.db, command.user);
  if (!user.smartAccountAddress) {
    throw new AppError('SMART_ACCOUNT_MISSING', { detail: `User ${user.id} has no smart account to fund` });
  }
  const account = user.smartAccountAddress;
  const platform = await deps.platform();
  const chain = await deps.chain();
  const { txHash } = await mintTestUsdc(chain, { usdc: platform.usdc, to: account, amount: command.amount });
  await recordAdminAction(deps.db, {
    actor: command.actor,
    action: 'users.fund',
    targetType: 'user',
    targetId: user.id,
    details: {
      smartAccountAddress: account,
      amountAtomic: command.amount.toString(),
      chainId: platform.chainId,
      txHash,
    },
  });
  const usdcBalance = await readUsdcBalance(chain, { usdc: platform.usdc, account });
  return { user, smartAccountAddress: account, amount: command.amount, usdcBalance, txHash };
}
