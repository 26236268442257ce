import { toDate, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import { readBack } from './read-back.js';

export interface AdminAuditEntry {
  /** BIGINT auto-increment, as a decimal string. */
  id: string;
  actor: string;
  /** Dotted verb, e.g. `keys.issue`, `markets.resolve`. */
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  occurredAt: Date;
}

export interface NewAdminAuditEntry {
  actor: string;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Never secrets: plaintext keys and webhook secrets must not reach the audit log. */
  details?: Record<string, unknown>;
}

type AuditRow = Record<string, unknown>;

/** Records one admin action; run it in the transaction of the change it audits. */
export async function recordAdminAction(db: Queryable, input: NewAdminAuditEntry): Promise<AdminAuditEntry> {
  const [insertId] = await db('admin_audit_log').insert({
    actor: input.actor,
    action: input.action,
    target_type: input.targetType ?? null,
    target_id: input.targetId ?? null,
    details: JSON.stringify(input.details ?? {}),
  });
  const row = (await db('admin_audit_log')
    .where({ id: String(insertId) })
    .first()) as AuditRow | undefined;
  return readBack(row ? toEntry(row) : null, `admin audit entry ${String(insertId)}`);
}

/** Newest first, optionally for one target. */
export async function listAdminActions(
  db: Queryable,
  filter: { targetType?: string; targetId?: string; limit?: number } = {},
): Promise<AdminAuditEntry[]> {
  const query = db('admin_audit_log').select('*');
  if (filter.targetType !== undefined) query.where('target_type', filter.targetType);
  if (filter.targetId !== undefined) query.where('target_id', filter.targetId);
  const rows = (await query.orderBy('id', 'desc').limit(filter.limit ?? 100)) as AuditRow[];
  return rows.map(toEntry);
}

function toEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: String(row.id),
    actor: String(row.actor),
    action: String(row.action),
    targetType: toStringOrNull(row.target_type),
    targetId: toStringOrNull(row.target_id),
    details: parseJsonColumn<Record<string, unknown>>(row.details),
    occurredAt: toDate(row.occurred_at),
  };
}
