import type { Queryable } from '../transaction.js';
import { toUser, type User } from './users.repository.js';

/** Newest users first (the admin CLI's `users list`), ties broken by id. */
export async function listUsers(db: Queryable, options: { limit: number }): Promise<User[]> {
  const rows = (await db('users')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit)) as Array<Record<string, unknown>>;
  return rows.map(toUser);
}
