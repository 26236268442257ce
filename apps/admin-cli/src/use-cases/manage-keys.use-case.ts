import type { Knex } from 'knex';
import { findApiKeyById, listApiKeysForAdmin, revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction, type Queryable } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';
import { findUserByReference } from './user-lookup.js';

const notFound = (id: string): AppError =>
  new AppError('RESOURCE_NOT_FOUND', { detail: `No API key has the id "${id}"` });

/** `keys list [--user]`: newest first, revoked and expired keys included. */
export async function listKeys(
  deps: { db: Queryable },
  command: { user?: string; limit: number },
): Promise<ApiKeyRecord[]> {
  const userId = command.user === undefined ? undefined : (await findUserByReference(deps.db, command.user)).id;
  return listApiKeysForAdmin(deps.db, { ...(userId === undefined ? {} : { userId }), limit: command.limit });
}

/** `keys show <id>`. */
export async function showKey(deps: { db: Queryable }, command: { id: string }): Promise<ApiKeyRecord> {
  const record = await findApiKeyById(deps.db, command.id.trim());
  if (!record) throw notFound(command.id);
  return record;
}

export interface RevokedKey {
  record: ApiKeyRecord;
  /** False when the key had been revoked before (the first revocation time is kept). */
  revokedNow: boolean;
}

/** `keys revoke <id>`: idempotent; the revocation (or the repeated request) and its audit entry commit together. */
export async function revokeKey(
  deps: { db: Knex; now: Date },
  command: { id: string; actor: string },
): Promise<RevokedKey> {
  const id = command.id.trim();
  return withTransaction(deps.db, async (trx) => {
    if (!(await findApiKeyById(trx, id))) throw notFound(id);
    const revokedNow = await revokeApiKey(trx, id, deps.now);
    const record = await findApiKeyById(trx, id);
    if (!record) throw notFound(id);
    await recordAdminAction(trx, {
      actor: command.actor,
      action: 'keys.revoke',
      targetType: 'api_key',
      targetId: id,
      details: { userId: record.userId, last4: record.last4, alreadyRevoked: !revokedNow },
    });
    return { record, revokedNow };
  });
}
