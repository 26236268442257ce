/** Recognises MySQL/MariaDB errors that callers turn into domain outcomes. */
import { codeOf } from '../errors/thrown-values.js';

/**
 * True when `error` is a duplicate-key violation, optionally of one named unique index. MariaDB names the
 * index as `'users_email_unique'`, MySQL ≥ 8.0.19 as `'users.users_email_unique'`; both are matched.
 */
export function isDuplicateKeyError(error: unknown, indexName?: string): boolean {
  if (codeOf(error) !== 'ER_DUP_ENTRY') return false;
  if (indexName === undefined) return true;
  const sqlMessage = typeof error === 'object' && error !== null && 'sqlMessage' in error ? error.sqlMessage : null;
  if (typeof sqlMessage !== 'string') return false;
  return sqlMessage.endsWith(`for key '${indexName}'`) || sqlMessage.endsWith(`.${indexName}'`);
}

/** True when an insert/update referenced a parent row that does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  return codeOf(error) === 'ER_NO_REFERENCED_ROW_2';
}

/** True when the server chose this transaction as a deadlock victim: it was rolled back and may simply run again. */
export function isDeadlockError(error: unknown): boolean {
  return codeOf(error) === 'ER_LOCK_DEADLOCK';
}
