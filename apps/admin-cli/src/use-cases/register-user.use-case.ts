import type { Knex } from 'knex';
import { createSmartAccount } from '../chain/smart-accounts.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { createUser, findUserByEmail, type User } from '#shared/db/users/users.repository.js';
import { isDuplicateKeyError } from '#shared/db/mysql-errors.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';
import { newUuid } from '#shared/ids/ids.js';

export interface RegisterUserDeps {
  db: Knex;
  /** Opened (the admin key leased) only once the email is known to be free. */
  chain: () => Promise<ChainWriter>;
  platform: () => Promise<PlatformAddresses>;
}

export interface RegisterUserCommand {
  /** Already validated and normalised (trimmed, lower-case). */
  email: string;
  actor: string;
}

const taken = (email: string): AppError =>
  new AppError('USER_ALREADY_EXISTS', { detail: `A user with the email ${email} already exists` });

/**
 * `users create`: deploys the user's custodial smart account (owned by the platform admin, operated by the executor)
 * and then records the user with its address and the audit entry in one transaction. The chain comes first so a
 * failed deployment leaves no user without an account; an account orphaned by a lost race holds nothing.
 */
export async function registerUser(deps: RegisterUserDeps, command: RegisterUserCommand): Promise<User> {
  if (await findUserByEmail(deps.db, command.email)) throw taken(command.email);
  const platform = await deps.platform();
  const chain = await deps.chain();
  const userId = newUuid();
  const account = await createSmartAccount(chain, { accountFactory: platform.accountFactory, userId });
  try {
    return await withTransaction(deps.db, async (trx) => {
      const user = await createUser(trx, { id: userId, email: command.email, smartAccountAddress: account.address });
      await recordAdminAction(trx, {
        actor: command.actor,
        action: 'users.create',
        targetType: 'user',
        targetId: user.id,
        details: {
          email: user.email,
          smartAccountAddress: account.address,
          chainId: platform.chainId,
          txHash: account.txHash,
        },
      });
      return user;
    });
  } catch (error) {
    if (isDuplicateKeyError(error, 'users_email_unique')) throw taken(command.email);
    throw error;
  }
}
