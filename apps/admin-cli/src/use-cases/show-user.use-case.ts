import { readUsdcBalance } from '#shared/chain/balances.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import type { Queryable } from '#shared/db/transaction.js';
import type { User } from '#shared/db/users/users.repository.js';
import { findUserByReference } from './user-lookup.js';

export interface UserDetails {
  user: User;
  /** USDC (atomic) held by the smart account on the connected chain; null without an account. */
  usdcBalance: bigint | null;
}

/** `users show <id|email>`: the user and the USDC its smart account holds on chain. */
export async function showUser(
  deps: { db: Queryable; reader: () => Promise<ChainReader>; platform: () => Promise<PlatformAddresses> },
  command: { user: string },
): Promise<UserDetails> {
  const user = await findUserByReference(deps.db, command.user);
  if (!user.smartAccountAddress) return { user, usdcBalance: null };
  const platform = await deps.platform();
  const usdcBalance = await readUsdcBalance(await deps.reader(), {
    usdc: platform.usdc,
    account: user.smartAccountAddress,
  });
  return { user, usdcBalance };
}
