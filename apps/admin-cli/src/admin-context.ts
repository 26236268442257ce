import { userInfo } from 'node:os';
import type { Knex } from 'knex';
import { createChainClients, loadPlatformAddresses, type ChainWriter } from '#shared/chain/index.js';
import type { PlatformAddresses } from '#shared/chain/index.js';
import type { AdminCliConfig } from '#shared/config/index.js';
import { createKnex } from '#shared/db/index.js';
import type { CliIo } from './cli-output.js';

/** What commands share: settings, output, global flags, a clock and a lazily opened database and chain. */
export interface AdminContext {
  config: AdminCliConfig;
  io: CliIo;
  json(): boolean;
  /** Who the audit log names: `--actor`, else `cli:<os user>`. */
  actor(): string;
  now(): Date;
  db(): Promise<Knex>;
  /** A writer signing as the platform admin (owner of the factories, markets and TestUSDC). */
  chain(): Promise<ChainWriter>;
  /** The platform contracts recorded in chain_deployments for the connected chain. */
  platform(): Promise<PlatformAddresses>;
  close(): Promise<void>;
}

export interface GlobalFlags {
  json(): boolean;
  actor(): string | undefined;
}

export function createAdminContext(config: AdminCliConfig, io: CliIo, flags: GlobalFlags): AdminContext {
  let db: Knex | undefined;
  let chain: Promise<ChainWriter> | undefined;
  const context: AdminContext = {
    config,
    io,
    json: flags.json,
    actor: () => flags.actor() ?? `cli:${osUser()}`,
    now: () => new Date(),
    db: async () => (db ??= createKnex({ databaseUrl: config.DATABASE_URL, poolMax: 4 })),
    chain: () =>
      (chain ??= createChainClients({
        rpcUrl: config.CHAIN_RPC_URL,
        ...(config.CHAIN_ID === undefined ? {} : { chainId: config.CHAIN_ID }),
        privateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
      })),
    platform: async () => loadPlatformAddresses(await context.db(), (await context.chain()).chain.id),
    close: async () => {
      const writer = await chain?.catch(() => undefined);
      await writer?.close();
      await db?.destroy();
    },
  };
  return context;
}

function osUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}
