import { findUserByEmail, findUserById, type User } from '#shared/db/users/users.repository.js';
import { type Queryable } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a `--user` value names: a UUID is an id, anything else an email. RESOURCE_NOT_FOUND otherwise. */
export async function findUserByReference(db: Queryable, reference: string): Promise<User> {
  const trimmed = reference.trim();
  const user = UUID_PATTERN.test(trimmed)
    ? await findUserById(db, trimmed.toLowerCase())
    : await findUserByEmail(db, trimmed);
  if (!user) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No user has the id or email "${trimmed}"` });
  return user;
}
