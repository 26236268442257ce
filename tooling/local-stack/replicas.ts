/*
 * `REPLICAS=N npm start`: N processes of each long-running deployable. Replica i (from 0) of a deployable listens on
 * its usual port + 100·i; replica 0 keeps the plain name, so one replica looks exactly as before. The chain executor
 * replicas each lease a key of the signer pool (decision 0031), so the local stack gives them a pool of at least N
 * keys: anvil's public development keys, skipping 0 (the platform admin) and 2 (the tests' treasury).
 */
import { z } from 'zod';
import { toHex, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { localStackConfigSchema } from '#shared/config/app-configs.js';

export const MAX_REPLICAS = 10;
export const REPLICA_PORT_STEP = 100;
const MAX_PORT = 65_535;

/** anvil's default mnemonic: public, its accounts funded only on development chains. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** anvil dev accounts the local stack never hands to an executor replica: 0 signs as admin, 2 is the treasury. */
const RESERVED_ANVIL_ACCOUNTS: ReadonlySet<number> = new Set([0, 2]);

const replicaCount = z
  .string()
  .trim()
  .regex(/^(?:[1-9]|10)$/, `must be a whole number from 1 to ${MAX_REPLICAS} (processes per long-running deployable)`)
  .transform(Number)
  .default(1);

const replicatedPorts = [
  'TRADING_API_PORT',
  'PUBLIC_READ_PORT',
  'CHAIN_EXECUTOR_PORT',
  'WEBHOOK_DISPATCHER_PORT',
] as const;

/** Seconds between blocks once the stack is up: 0 (default) mines each transaction at once, as anvil does. */
const blockTime = z
  .string()
  .trim()
  .regex(
    /^(?:[0-9]|[1-5][0-9]|60)$/,
    'must be a whole number of seconds from 0 to 60 (0 mines each transaction at once)',
  )
  .transform(Number)
  .default(0);

/**
 * npm start's config: the local stack's, plus REPLICAS (refused when the last replica's port would pass 65535) and
 * BLOCK_TIME.
 */
export const npmStartConfigSchema = localStackConfigSchema
  .extend({ REPLICAS: replicaCount, BLOCK_TIME: blockTime })
  .superRefine((config, context) => {
    if (config.BLOCK_TIME > 0 && config.CHAIN_RPC_URL) {
      context.addIssue({
        code: 'custom',
        path: ['BLOCK_TIME'],
        message: 'sets the block time of the anvil npm start runs; a chain given by CHAIN_RPC_URL keeps its own',
      });
    }
    for (const name of replicatedPorts) {
      const last = replicaPort(config[name], config.REPLICAS - 1);
      if (last > MAX_PORT) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `with REPLICAS=${config.REPLICAS} its last replica would listen on ${last}, past ${MAX_PORT}`,
        });
      }
    }
  });
export type NpmStartConfig = z.infer<typeof npmStartConfigSchema>;

export function replicaPort(port: number, replica: number): number {
  return port + REPLICA_PORT_STEP * replica;
}

/** `trading-api` for replica 0 (as with one replica), `trading-api#2` for replica 2. */
export function replicaName(name: string, replica: number): string {
  return replica === 0 ? name : `${name}#${replica}`;
}

export interface Deployable {
  name: string;
  entry: string;
  /** Replica 0's port. */
  port: number;
}

/** The processes to start: every replica of every deployable, deployable by deployable, each on its own port. */
export function planReplicas(
  deployables: readonly Deployable[],
  replicas: number,
  env: Record<string, string>,
): Array<Deployable & { env: Record<string, string> }> {
  return deployables.flatMap((deployable) =>
    Array.from({ length: replicas }, (_, replica) => ({
      name: replicaName(deployable.name, replica),
      entry: deployable.entry,
      port: replicaPort(deployable.port, replica),
      env,
    })),
  );
}

/** The private key of anvil's development account `index` (public: funded only on development chains). */
export function anvilDevKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no key for anvil account ${index}`);
  return toHex(key);
}

/**
 * The executor's signer pool. A configured pool (EXECUTOR_PRIVATE_KEYS) is used as given; otherwise
 * EXECUTOR_PRIVATE_KEY, followed by anvil development keys (1, 3, 4, … never the admin's) until every replica
 * has one.
 */
export function executorSignerPool(input: {
  configured: readonly Hex[] | undefined;
  single: Hex;
  admin: Hex;
  replicas: number;
}): Hex[] {
  if (input.configured) return [...input.configured];
  const pool: Hex[] = [input.single];
  const taken = new Set([input.single.toLowerCase(), input.admin.toLowerCase()]);
  for (let index = 1; pool.length < input.replicas; index += 1) {
    if (RESERVED_ANVIL_ACCOUNTS.has(index)) continue;
    const key = anvilDevKey(index);
    if (taken.has(key.toLowerCase())) continue;
    taken.add(key.toLowerCase());
    pool.push(key);
  }
  return pool;
}
