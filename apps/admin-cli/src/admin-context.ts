import { userInfo } from 'node:os';
import type { Knex } from 'knex';
import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { createChainClients, type ChainReader, type ChainWriter } from '#shared/chain/chain-clients.js';
import { leaseSignerWaiting, tryLeaseSigner, type SignerLease } from '#shared/chain/signer-lease.js';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import type { AdminCliConfig } from '#shared/config/app-configs.js';
import { createKnex } from '#shared/db/create-knex.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import { exitCodes, printResult, type CliIo } from './cli-output.js';

/**
 * How long a run waits for the platform admin key while another process signs with it (decision 0031: one signer
 * per key). Concurrent runs queue for up to this long, then exit 69 saying so.
 */
export const ADMIN_KEY_WAIT_MS = 120_000;

/** What commands share: settings, output, global flags, a clock and a lazily opened database and chain. */
export interface AdminContext {
  config: AdminCliConfig;
  io: CliIo;
  json(): boolean;
  /** Prints a command's result: exactly one JSON object with --json, otherwise the human lines. */
  print(result: Record<string, unknown>, human: string[]): void;
  /** Who the audit log names: `--actor`, else `cli:<os user>`. */
  actor(): string;
  now(): Date;
  db(): Promise<Knex>;
  /** Read-only chain access: balances, states, the chain id. Never waits for the admin key. */
  chainReader(): Promise<ChainReader>;
  /**
   * A writer signing as the platform admin (owner of the factories, markets, TestUSDC and the OperatorRegistry). It
   * leases the admin key first (signer-lease.ts): a run waits, up to ADMIN_KEY_WAIT_MS, while another one signs.
   * Open it only once a command is about to send.
   */
  chain(): Promise<ChainWriter>;
  /** The platform contracts recorded in chain_deployments for the connected chain. */
  platform(): Promise<PlatformAddresses>;
  /** The command's result leaves work undone: the run exits exitCodes.incomplete (see Completion.incomplete). */
  markIncomplete(): void;
  /** exitCodes.ok, or exitCodes.incomplete once marked. */
  exitCode(): number;
  close(): Promise<void>;
}

export interface GlobalFlags {
  json(): boolean;
  actor(): string | undefined;
}

export interface AdminContextOptions {
  /** Default ADMIN_KEY_WAIT_MS (tests shorten it). */
  adminKeyWaitMs?: number;
  /** How long a sent transaction is waited for before the command fails naming its hash; default the chain's. */
  receiptTimeoutMs?: number;
}

export function createAdminContext(
  config: AdminCliConfig,
  io: CliIo,
  flags: GlobalFlags,
  options: AdminContextOptions = {},
): AdminContext {
  let db: Knex | undefined;
  let reader: Promise<ChainReader> | undefined;
  let lease: Promise<SignerLease> | undefined;
  const waitMs = options.adminKeyWaitMs ?? ADMIN_KEY_WAIT_MS;
  let exitCode: number = exitCodes.ok;
  const context: AdminContext = {
    markIncomplete: () => void (exitCode = exitCodes.incomplete),
    exitCode: () => exitCode,
    config,
    io,
    json: flags.json,
    print: (result, human) => printResult(io, flags.json(), result, human),
    actor: () => flags.actor() ?? `cli:${osUser()}`,
    now: () => new Date(),
    db: async () => (db ??= createKnex({ databaseUrl: config.DATABASE_URL, poolMax: 4 })),
    chainReader: () =>
      (reader ??= createChainClients({
        rpcUrl: config.CHAIN_RPC_URL,
        ...(config.CHAIN_ID === undefined ? {} : { chainId: config.CHAIN_ID }),
        ...(options.receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs: options.receiptTimeoutMs }),
      })),
    chain: async () => {
      // Assigned before the first await: two calls of one run share one lease (a second would wait on the first).
      lease ??= (async () =>
        leaseAdminKey(await context.db(), await context.chainReader(), config.PLATFORM_ADMIN_PRIVATE_KEY, {
          waitMs,
          io,
        }))();
      return (await lease).writer;
    },
    platform: async () => loadPlatformAddresses(await context.db(), (await context.chainReader()).chain.id),
    close: async () => {
      // The lease's writer shares the reader's transport: release the key, close the transport, then the pool.
      const held = await lease?.catch(() => undefined);
      await held?.release().catch(() => undefined);
      const chain = await reader?.catch(() => undefined);
      await chain?.close();
      await db?.destroy();
    },
  };
  return context;
}

/**
 * The admin key's lease. When another process holds it, stderr says so before the wait (stdout keeps --json's one
 * object). leaseSignerWaiting's only AppError is its timeout (a failing database rejects with the driver's error,
 * reported as a dependency failure): that one is reworded to say who holds the key.
 */
async function leaseAdminKey(
  db: Knex,
  reader: ChainReader,
  key: Hex,
  { waitMs, io }: { waitMs: number; io: CliIo },
): Promise<SignerLease> {
  const free = await tryLeaseSigner(db, reader, key);
  if (free) return free;
  io.stderr(
    `waiting up to ${Math.round(waitMs / 1000)} s for the platform admin key (${privateKeyToAddress(key)}), held by ` +
      'another process signing with it…\n',
  );
  try {
    return await leaseSignerWaiting(db, reader, key, { waitMs });
  } catch (error) {
    if (!isAppError(error) || error.code !== 'DEPENDENCY_UNAVAILABLE') throw error;
    throw new AppError('DEPENDENCY_UNAVAILABLE', {
      detail:
        `Another process is signing with the platform admin key (${privateKeyToAddress(key)}); this run waited ` +
        `${Math.round(waitMs / 1000)} s for it and sent no transaction. Run it again once that process is done.`,
      cause: error,
    });
  }
}

function osUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}
