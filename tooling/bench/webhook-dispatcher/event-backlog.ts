/*
 * A backlog of webhook events recorded straight into MySQL (multi-row inserts, each key's seq counted on), for the
 * throughput phases: the dispatcher's drain rate is measured, not the cost of recording events. Events are made
 * overdue, so the dispatcher's sweep wakes their keys as soon as it starts.
 */
import type { Knex } from 'knex';
import { prefixedId } from '#shared/ids/ids.js';

/** `perKey` events for each key, their benchSeq 1, 2, …; returns how many were inserted. */
export async function insertEventBacklog(db: Knex, keyIds: readonly string[], perKey: number): Promise<number> {
  const at = new Date(Date.now() - 5_000);
  const rows: Array<Record<string, unknown>> = [];
  for (const apiKeyId of keyIds) {
    const key = (await db('api_keys').where({ id: apiKeyId }).first('last_webhook_seq')) as {
      last_webhook_seq: number;
    };
    for (let index = 0; index < perKey; index += 1) {
      const id = prefixedId('evt', at.getTime());
      rows.push({
        id,
        api_key_id: apiKeyId,
        seq: Number(key.last_webhook_seq) + index + 1,
        type: 'trade.completed',
        api_version: '2026-04-29',
        payload: JSON.stringify({
          id,
          type: 'trade.completed',
          apiVersion: '2026-04-29',
          createdAt: at.toISOString(),
          data: { benchSeq: index + 1 },
        }),
        status: 'pending',
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      });
    }
    await db('api_keys')
      .where({ id: apiKeyId })
      .update({ last_webhook_seq: Number(key.last_webhook_seq) + perKey });
  }
  for (let start = 0; start < rows.length; start += 1_000)
    await db('webhook_events').insert(rows.slice(start, start + 1_000));
  return rows.length;
}
