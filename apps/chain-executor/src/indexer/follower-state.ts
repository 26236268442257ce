/*
 * What the leader keeps between steps, persisted in chain_cursors (all rows of one chain share the prefix
 * `markets:<chainId>`):
 *   markets:<chainId>            the last fully indexed block and its hash
 *   markets:<chainId>:genesis    block 0's hash when indexing began (tells a fresh chain from a reorg)
 *   markets:<chainId>:m:<uuid>   the market is indexed through the cursor (registered; see market-registration)
 */
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { listChainCursors, saveChainCursor } from '../db/chain-cursors/chain-cursors.repository.js';
import type { Queryable } from '#shared/db/transaction.js';

export interface FollowerSettings {
  maxBlockRange: bigint;
  /** Blocks a reorg rewinds (the fork point is unknown: only the cursor's hash is stored). */
  rewindDepth: bigint;
  /** First block ever indexed (0 on a dev chain; the platform's deployment block on a long public chain). */
  startBlock: bigint;
}

export interface FollowerState {
  cursor: { blockNumber: bigint; blockHash: string | null } | null;
  genesisHash: string | null;
  /** Ids of the markets indexed through the cursor. */
  registered: Set<string>;
}

export const cursorNames = (chainId: number) => {
  const main = `markets:${chainId}`;
  return { main, genesis: `${main}:genesis`, marketPrefix: `${main}:m:` };
};

/** The last block whose events are all indexed (startBlock - 1 before the first range). */
export const coveredThrough = (state: FollowerState, settings: FollowerSettings): bigint =>
  state.cursor?.blockNumber ?? settings.startBlock - 1n;

export async function loadFollowerState(db: Queryable, chainId: number): Promise<FollowerState> {
  const names = cursorNames(chainId);
  const rows = await listChainCursors(db, { chainId, namePrefix: names.main });
  const main = rows.find((row) => row.name === names.main);
  const genesis = rows.find((row) => row.name === names.genesis);
  return {
    cursor: main ? { blockNumber: main.blockNumber, blockHash: main.blockHash } : null,
    genesisHash: genesis?.blockHash ?? null,
    registered: new Set(
      rows
        .filter((row) => row.name.startsWith(names.marketPrefix))
        .map((row) => row.name.slice(names.marketPrefix.length)),
    ),
  };
}

export async function readBlockHash(reader: ChainReader, blockNumber: bigint): Promise<string> {
  const block = await withChainErrors(() => reader.publicClient.getBlock({ blockNumber }));
  if (!block.hash) throw new Error(`block ${blockNumber} has no hash yet`);
  return block.hash;
}

export function readHead(reader: ChainReader): Promise<bigint> {
  return withChainErrors(() => reader.publicClient.getBlockNumber({ cacheTime: 0 }));
}

/** Records the chain's genesis hash (at the first start, and after a reset). */
export async function recordGenesis(db: Queryable, chainId: number, genesisHash: string): Promise<void> {
  await saveChainCursor(db, { name: cursorNames(chainId).genesis, chainId, blockNumber: 0n, blockHash: genesisHash });
}
