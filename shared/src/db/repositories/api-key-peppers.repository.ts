/*
 * Pepper rotation over api_keys (decision 0030): which pepper each key's hash was made with, re-hashing a key on use
 * and counting or listing the keys a rotation still waits for. The rest of the table's queries and its row mapping
 * are in api-keys.repository.ts.
 */
import { toDate, toStringOrNull } from '../column-values.js';
import type { Queryable } from '../transaction.js';

type Row = Record<string, unknown>;

/**
 * Records that key `id`, whose hash `keyHash` was just verified, is hashed under the pepper `pepperId` (a row from
 * before pepper tracking, or one re-hashed by a replica holding the other pepper during a rotation's roll-out).
 */
export async function tagApiKeyPepper(db: Queryable, id: string, keyHash: string, pepperId: string): Promise<void> {
  await db('api_keys')
    .where({ id, key_hash: keyHash })
    .andWhere((query) => {
      void query.whereNull('pepper_id').orWhereNot('pepper_id', pepperId);
    })
    .update({ pepper_id: pepperId });
}

/**
 * Moves key `id` from its hash under the previous pepper to its hash under the current one (rehash on use: a peppered
 * hash cannot be recomputed without the plaintext key). Conditional on the old hash, so of two replicas re-hashing
 * at once one writes and the other changes nothing. Returns whether this call moved it.
 */
export async function rehashApiKey(
  db: Queryable,
  change: { id: string; fromHash: string; toHash: string; pepperId: string },
): Promise<boolean> {
  const changed = await db('api_keys')
    .where({ id: change.id, key_hash: change.fromHash })
    .update({ key_hash: change.toHash, pepper_id: change.pepperId });
  return changed > 0;
}

/** How many keys are hashed under each pepper (null = not verified since tracking began), active ones apart. */
export interface PepperCount {
  pepperId: string | null;
  active: boolean;
  keys: number;
}

export async function countApiKeysByPepper(db: Queryable, now: Date): Promise<PepperCount[]> {
  const rows: Row[] = await db('api_keys')
    .select('pepper_id')
    .select(
      db.raw('(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)) AS active', [now]),
      db.raw('COUNT(*) AS `keys`'),
    )
    .groupBy('pepper_id', 'active');
  return rows.map((row) => ({
    pepperId: toStringOrNull(row.pepper_id),
    active: Number(row.active) === 1,
    keys: Number(row.keys),
  }));
}

/** Active keys not (known to be) hashed under `pepperId`, oldest first: the ones a pepper rotation still waits for. */
export async function listActiveApiKeysOffPepper(
  db: Queryable,
  pepperId: string,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; userId: string; last4: string; pepperId: string | null; createdAt: Date }>> {
  const rows: Row[] = await db('api_keys')
    .select('id', 'user_id', 'last4', 'pepper_id', 'created_at')
    .whereNull('revoked_at')
    .andWhere((query) => {
      void query.whereNull('expires_at').orWhere('expires_at', '>', now);
    })
    .andWhere((query) => {
      void query.whereNull('pepper_id').orWhereNot('pepper_id', pepperId);
    })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    userId: String(row.user_id),
    last4: String(row.last4),
    pepperId: toStringOrNull(row.pepper_id),
    createdAt: toDate(row.created_at),
  }));
}
