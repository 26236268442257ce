/*
 * `npm start`'s background restoring of the other users' smart accounts (other-user-accounts.ts), once the stack is
 * up: it leases the platform admin key like the admin CLI does (decision 0031), so an admin CLI run meanwhile queues
 * instead of clashing nonces, logs its progress at most every 2 s and one line at the end, and stops between users
 * when the stack stops. A failure is logged, never fatal: those users can still be fixed by the admin CLI.
 */
import type { Knex } from 'knex';
import type { Hex } from 'viem';
import { createChainClients } from '#shared/chain/chain-clients.js';
import { leaseSignerWaiting } from '#shared/chain/signer-lease.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { createKnex } from '#shared/db/create-knex.js';
import { USDC_ATOMIC_PER_UNIT as USDC } from '#shared/domain/trade-amount.js';
import { messageOf } from '#shared/errors/thrown-values.js';
import { listChainUsers, restoreOtherUserAccounts, type AccountsProgress } from './other-user-accounts.js';

const PROGRESS_EVERY_MS = 2_000;
const ADMIN_KEY_WAIT_MS = 120_000;
const STOP_WAIT_MS = 5_000;

export interface OtherAccountsJobSettings {
  databaseUrl: string;
  rpcUrl: string;
  adminPrivateKey: Hex;
  platform: PlatformAddresses;
  fundingUsdc: number;
  log: (line: string) => void;
}

export interface OtherAccountsJob {
  /** Settles with what was done (undefined after a logged failure). */
  done: Promise<AccountsProgress | undefined>;
  /** Stops taking further users and waits (up to 5 s) for those under way. */
  stop(): Promise<void>;
}

export function startOtherAccountsJob(settings: OtherAccountsJobSettings): OtherAccountsJob {
  const stopping = new AbortController();
  const done = restoreInBackground(settings, stopping.signal).catch((error: unknown) => {
    settings.log(`smart accounts of other users not restored: ${messageOf(error)}`);
    return undefined;
  });
  return {
    done,
    async stop() {
      stopping.abort();
      // Users under way finish in well under this; a wait for the admin key (held by an admin CLI run) is cut short.
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}

async function restoreInBackground(settings: OtherAccountsJobSettings, signal: AbortSignal) {
  const startedAt = Date.now();
  // One connection holds the admin key's lock; the other serves the user queries.
  const db = createKnex({ databaseUrl: settings.databaseUrl, poolMax: 3 });
  try {
    const { others } = await listChainUsers(db);
    if (others.length === 0) return { total: 0, done: 0, created: 0, funded: 0, transactions: 0, failed: 0 };
    return await restoreWithAdminKey(settings, db, signal, startedAt);
  } finally {
    await db.destroy();
  }
}

async function restoreWithAdminKey(
  settings: OtherAccountsJobSettings,
  db: Knex,
  signal: AbortSignal,
  startedAt: number,
): Promise<AccountsProgress> {
  const reader = await createChainClients({ rpcUrl: settings.rpcUrl });
  try {
    const lease = await leaseSignerWaiting(db, reader, settings.adminPrivateKey, { waitMs: ADMIN_KEY_WAIT_MS });
    try {
      let loggedAt = Date.now();
      const progress = await restoreOtherUserAccounts(db, lease.writer, {
        platform: settings.platform,
        funding: BigInt(settings.fundingUsdc) * USDC,
        signal: AbortSignal.any([signal, lease.lost]),
        onProgress: (current) => {
          if (Date.now() - loggedAt < PROGRESS_EVERY_MS || current.done === current.total) return;
          loggedAt = Date.now();
          settings.log(`smart accounts of other users: ${summarise(current)}…`);
        },
      });
      if (progress.total > 0) {
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        const state = progress.done < progress.total ? 'stopped at' : 'ready:';
        settings.log(`smart accounts of other users ${state} ${summarise(progress)} in ${seconds} s`);
      }
      return progress;
    } finally {
      await lease.release();
    }
  } finally {
    await reader.close();
  }
}

function summarise(progress: AccountsProgress): string {
  const failed = progress.failed > 0 ? `, ${progress.failed} failed: ${progress.firstFailure ?? 'unknown'}` : '';
  return `${progress.done}/${progress.total} users (${progress.created} accounts created, ${progress.funded} funded${failed})`;
}
