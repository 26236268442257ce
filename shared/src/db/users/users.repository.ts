import type { Address } from 'viem';
import { newUuid } from '../../ids/ids.js';
import { toAddressOrNull, toDate, toOneOf } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';

export const userStatuses = ['active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

export interface User {
  id: string;
  email: string;
  smartAccountAddress: Address | null;
  status: UserStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  /** Defaults to a fresh UUID. */
  id?: string;
  email: string;
  smartAccountAddress?: string | null;
  status?: UserStatus;
}

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Inserts a user; a taken email rejects with ER_DUP_ENTRY on `users_email_unique` (see isDuplicateKeyError). */
export async function createUser(db: Queryable, input: NewUser): Promise<User> {
  const id = input.id ?? newUuid();
  await db('users').insert({
    id,
    email: normalizeEmail(input.email),
    smart_account_address: input.smartAccountAddress ?? null,
    status: input.status ?? 'active',
  });
  return readBack(await findUserById(db, id), `user ${id}`);
}

export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  const row: Row | undefined = await db('users').where({ id }).first();
  return row ? toUser(row) : null;
}

/** Users by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findUsersByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, User>> {
  const rows: Row[] = ids.length === 0 ? [] : await db('users').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toUser(row)]));
}

/**
 * Locks the user's row until the transaction ends and returns the user: trade creation takes it so that a user's
 * cap and balance checks (across all their keys) never interleave.
 */
export async function lockUserForTrading(trx: Queryable, id: string): Promise<User | null> {
  const row: Row | undefined = await trx('users').where({ id }).forUpdate().first();
  return row ? toUser(row) : null;
}

/**
 * Locks the user's row (SELECT … FOR UPDATE) inside the caller's transaction, serialising key issuance per user so
 * the active-key cap holds under concurrency. Returns false when the user does not exist.
 */
export async function lockUserForKeyChange(trx: Queryable, userId: string): Promise<boolean> {
  const row: Row | undefined = await trx('users').select('id').where({ id: userId }).forUpdate().first();
  return row !== undefined;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const row: Row | undefined = await db('users')
    .where({ email: normalizeEmail(email) })
    .first();
  return row ? toUser(row) : null;
}

export function toUser(row: Row): User {
  return {
    id: String(row.id),
    email: String(row.email),
    smartAccountAddress: toAddressOrNull(row.smart_account_address, 'users.smart_account_address'),
    status: toOneOf(userStatuses, row.status, 'users.status'),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Newest users first (the admin CLI's `users list`), ties broken by id. */
export async function listUsers(db: Queryable, options: { limit: number }): Promise<User[]> {
  const rows: Row[] = await db('users')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit);
  return rows.map(toUser);
}
