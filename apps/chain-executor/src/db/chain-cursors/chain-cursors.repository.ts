import { toBigInt, toDate, toInt, toStringOrNull } from '#shared/db/column-values.js';
import type { Queryable } from '#shared/db/transaction.js';

/** How far a chain follower got: the last fully processed block of one chain, and its hash (to detect reorgs). */
export interface ChainCursor {
  name: string;
  chainId: number;
  blockNumber: bigint;
  /** `0x…` block hash, lower case; null when the writer did not record one. */
  blockHash: string | null;
  updatedAt: Date;
}

export type ChainCursorPosition = Omit<ChainCursor, 'updatedAt'>;

function toChainCursor(row: Record<string, unknown>): ChainCursor {
  return {
    name: String(row.name),
    chainId: toInt(row.chain_id),
    blockNumber: toBigInt(row.block_number),
    blockHash: toStringOrNull(row.block_hash),
    updatedAt: toDate(row.updated_at),
  };
}

/** Escapes LIKE wildcards so a name prefix matches literally (knex's whereLike forces a utf8 collation: not used). */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function findChainCursor(db: Queryable, name: string): Promise<ChainCursor | null> {
  const row: Record<string, unknown> | undefined = await db('chain_cursors').where({ name }).first();
  return row ? toChainCursor(row) : null;
}

/** Creates or moves a cursor (forwards or, after a reorg, backwards). */
export async function saveChainCursor(db: Queryable, cursor: ChainCursorPosition): Promise<void> {
  const row = {
    name: cursor.name,
    chain_id: cursor.chainId,
    block_number: cursor.blockNumber.toString(),
    block_hash: cursor.blockHash,
  };
  await db('chain_cursors').insert(row).onConflict('name').merge(['chain_id', 'block_number', 'block_hash']);
}

/** The cursors of one chain whose name starts with `namePrefix`. */
export async function listChainCursors(
  db: Queryable,
  filter: { chainId: number; namePrefix: string },
): Promise<ChainCursor[]> {
  const rows: Array<Record<string, unknown>> = await db('chain_cursors')
    .where({ chain_id: filter.chainId })
    .andWhere('name', 'like', likePrefix(filter.namePrefix))
    .orderBy('name');
  return rows.map(toChainCursor);
}

/** Deletes the cursors of one chain whose name starts with `namePrefix`; returns how many. */
export async function deleteChainCursors(
  db: Queryable,
  filter: { chainId: number; namePrefix: string },
): Promise<number> {
  return db('chain_cursors')
    .where({ chain_id: filter.chainId })
    .andWhere('name', 'like', likePrefix(filter.namePrefix))
    .del();
}
