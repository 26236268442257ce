import { toDate, toStringOrNull } from '#shared/db/column-values.js';
import { parseJsonColumn, type Queryable, type Row } from '#shared/db/transaction.js';
import { readBack } from '#shared/db/read-back.js';

/** What every action that succeeded records as its outcome; a refused one records its error code instead. */
export const AUDIT_SUCCESS = 'success';

export interface AdminAuditEntry {
  /** BIGINT auto-increment, as a decimal string. */
  id: string;
  actor: string;
  /** Dotted verb, e.g. `keys.issue`, `markets.resolve`. */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** `success`, or the error code that refused the action (e.g. `ACTIVE_KEY_LIMIT_REACHED`). */
  outcome: string;
  details: Record<string, unknown>;
  occurredAt: Date;
}

export interface NewAdminAuditEntry {
  actor: string;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Default `success`. */
  outcome?: string;
  /** Never secrets: plaintext keys and webhook secrets must not reach the audit log (they are redacted if they do). */
  details?: Record<string, unknown>;
}

export interface AdminAuditFilter {
  targetType?: string;
  targetId?: string;
  action?: string;
  outcome?: string;
  limit?: number;
}

/**
 * The shapes of a plaintext API key and a webhook secret (shared/src/auth: api-key-format.ts, secret-box.ts),
 * unanchored: a last line of defence against an operator pasting one where an id or a name was expected.
 */
const SECRET_SHAPES = [/svc_(?:live|test)_[0-9A-Za-z]{32}/g, /whsec_[0-9A-Za-z]{32}/g];
export const REDACTED = '[redacted]';

/** Replaces anything shaped like a plaintext API key or webhook secret, in strings nested at any depth. */
export function redactSecretShapes(value: string): string;
export function redactSecretShapes(value: unknown): unknown;
export function redactSecretShapes(value: unknown): unknown {
  if (typeof value === 'string') return SECRET_SHAPES.reduce((text, shape) => text.replace(shape, REDACTED), value);
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecretShapes(item));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactSecretShapes(item)]));
  }
  return value;
}

/** Records one admin action; run it in the transaction of the change it audits. */
export async function recordAdminAction(db: Queryable, input: NewAdminAuditEntry): Promise<AdminAuditEntry> {
  const [insertId] = await db('admin_audit_log').insert({
    actor: input.actor,
    action: input.action,
    target_type: input.targetType ?? null,
    target_id: input.targetId === undefined || input.targetId === null ? null : redactSecretShapes(input.targetId),
    outcome: input.outcome ?? AUDIT_SUCCESS,
    details: JSON.stringify(redactSecretShapes(input.details ?? {})),
  });
  const row: Row | undefined = await db('admin_audit_log')
    .where({ id: String(insertId) })
    .first();
  return readBack(row ? toEntry(row) : null, `admin audit entry ${String(insertId)}`);
}

/** Newest first, optionally for one target, action or outcome. */
export async function listAdminActions(db: Queryable, filter: AdminAuditFilter = {}): Promise<AdminAuditEntry[]> {
  const query = db('admin_audit_log').select('*');
  if (filter.targetType !== undefined) query.where('target_type', filter.targetType);
  if (filter.targetId !== undefined) query.where('target_id', filter.targetId);
  if (filter.action !== undefined) query.where('action', filter.action);
  if (filter.outcome !== undefined) query.where('outcome', filter.outcome);
  const rows: Row[] = await query.orderBy('id', 'desc').limit(filter.limit ?? 100);
  return rows.map(toEntry);
}

function toEntry(row: Row): AdminAuditEntry {
  return {
    id: String(row.id),
    actor: String(row.actor),
    action: String(row.action),
    targetType: toStringOrNull(row.target_type),
    targetId: toStringOrNull(row.target_id),
    outcome: String(row.outcome),
    details: parseJsonColumn<Record<string, unknown>>(row.details),
    occurredAt: toDate(row.occurred_at),
  };
}
