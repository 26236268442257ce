import type { Queryable } from '../transaction.js';
import { findApiKeyById, type ApiKeyRecord } from './api-keys.repository.js';

/**
 * Operator queries over api_keys (the admin CLI and `npm start`). Records come back through findApiKeyById so the
 * row mapping stays in api-keys.repository.ts.
 */
async function loadAll(db: Queryable, ids: string[]): Promise<ApiKeyRecord[]> {
  const records = await Promise.all(ids.map((id) => findApiKeyById(db, id)));
  return records.filter((record): record is ApiKeyRecord => record !== null);
}

/** Keys newest first, optionally of one user (revoked and expired included). */
export async function listApiKeysForAdmin(
  db: Queryable,
  filter: { userId?: string; limit: number },
): Promise<ApiKeyRecord[]> {
  const query = db('api_keys')
    .select('id')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  if (filter.userId !== undefined) query.where('user_id', filter.userId);
  const rows = (await query.limit(filter.limit)) as Array<{ id: string }>;
  return loadAll(
    db,
    rows.map((row) => String(row.id)),
  );
}

/** A user's not-yet-revoked keys of one name (e.g. the key `npm start` issues), newest first. */
export async function listUnrevokedApiKeysNamed(db: Queryable, userId: string, name: string): Promise<ApiKeyRecord[]> {
  const rows = (await db('api_keys')
    .select('id')
    .where({ user_id: userId, name })
    .whereNull('revoked_at')
    .orderBy('created_at', 'desc')) as Array<{ id: string }>;
  return loadAll(
    db,
    rows.map((row) => String(row.id)),
  );
}
