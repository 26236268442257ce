/*
 * The smart accounts of the users that are not demo users (left by load tests, benches, admin CLI runs). On a fresh
 * chain they must be deployed and funded again, which takes two transactions a user: `npm start` does it after the
 * stack is up, in the background (other-accounts-job.ts), so its start-up never grows with these users.
 */
import { messageOf } from '#shared/errors/thrown-values.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import type { PlatformAddresses } from '#shared/chain/platform-deployment.js';
import type { Queryable } from '#shared/db/transaction.js';
import { listUsersForChain } from './seed/demo-chain-rows.js';
import { demoIds } from './seed/demo-catalog.js';
import { ensureFundedAccount, type ChainUser } from './funded-smart-account.js';

const demoUserIds: ReadonlySet<string> = new Set(Object.values(demoIds.users));

export function isDemoUser(userId: string): boolean {
  return demoUserIds.has(userId);
}

/** The demo users and the others, in creation order. */
export async function listChainUsers(db: Queryable): Promise<{ demo: ChainUser[]; others: ChainUser[] }> {
  const users = await listUsersForChain(db);
  return {
    demo: users.filter((user) => isDemoUser(user.id)),
    others: users.filter((user) => !isDemoUser(user.id)),
  };
}

export interface AccountsProgress {
  total: number;
  done: number;
  created: number;
  funded: number;
  transactions: number;
  /** Users whose account could not be restored (the others go on), and why the first one failed. */
  failed: number;
  firstFailure?: string;
}

export interface RestoreOptions {
  platform: PlatformAddresses;
  funding: bigint;
  /** Users handled at once (the admin's sends share one nonce sequence: viem's nonce manager). */
  concurrency?: number;
  /** Stops taking further users (those under way finish). */
  signal?: AbortSignal;
  onProgress?: (progress: Readonly<AccountsProgress>) => void;
}

/** Gives every non-demo user a funded account on this chain; resolves with what it did (partial when stopped). */
export async function restoreOtherUserAccounts(
  db: Queryable,
  admin: ChainWriter,
  options: RestoreOptions,
): Promise<AccountsProgress> {
  const { others } = await listChainUsers(db);
  const progress: AccountsProgress = {
    total: others.length,
    done: 0,
    created: 0,
    funded: 0,
    transactions: 0,
    failed: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < others.length && !options.signal?.aborted) {
      const user = others[next];
      next += 1;
      if (!user) break;
      try {
        const account = await ensureFundedAccount(db, admin, options.platform, user, options.funding);
        if (account.created) progress.created += 1;
        if (account.funded) progress.funded += 1;
        progress.transactions += account.transactions;
      } catch (error) {
        // One user's failure (a refused transaction, a row gone) does not end the others' restore.
        progress.failed += 1;
        progress.firstFailure ??= messageOf(error);
      }
      progress.done += 1;
      options.onProgress?.(progress);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 8, others.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return progress;
}
