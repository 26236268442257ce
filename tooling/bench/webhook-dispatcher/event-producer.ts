/*
 * Records webhook events at a steady rate the way the trade lifecycle does: each one in its own transaction with
 * its outbox message (the key's row lock, its next sequence number, the event row), published right after commit.
 * Round-robin over the keys, one transaction per key at a time (so a key's benchSeq order is its commit order, the
 * order its events must arrive in); a bounded number of transactions in flight.
 */
import type { Knex } from 'knex';
import { recordWebhookEvent } from '#shared/db/webhook-events/webhook-events.repository.js';
import { prefixedId } from '#shared/ids/ids.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type OutboxTransaction } from '#shared/messaging/outbox.js';

export interface ProducedEvents {
  recorded: number;
  firstAt: number;
  lastAt: number;
  /** When each event's transaction committed (epoch ms): "recorded" in recorded → delivered. */
  committedAt: Map<string, number>;
}

export async function produceEvents(
  deps: { db: Knex; outbox: OutboxTransaction },
  options: { keyIds: readonly string[]; ratePerSecond: number; seconds: number; inFlight: number },
): Promise<ProducedEvents> {
  const seqs = new Map<string, number>();
  const total = Math.round(options.ratePerSecond * options.seconds);
  const started = Date.now();
  let issued = 0;
  let recorded = 0;
  let lastAt = started;
  const committedAt = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const busy = new Set<string>();
  let cursor = 0;
  const nextFreeKey = (): string | undefined => {
    for (let tried = 0; tried < options.keyIds.length; tried += 1) {
      const key = options.keyIds[cursor % options.keyIds.length] ?? '';
      cursor += 1;
      if (!busy.has(key)) return key;
    }
    return undefined;
  };
  while (issued < total) {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * options.ratePerSecond) + 1);
    while (issued < due && running.size < options.inFlight) {
      const apiKeyId = nextFreeKey();
      if (apiKeyId === undefined) break;
      busy.add(apiKeyId);
      const benchSeq = (seqs.get(apiKeyId) ?? 0) + 1;
      seqs.set(apiKeyId, benchSeq);
      issued += 1;
      const at = new Date();
      const id = prefixedId('evt', at.getTime());
      const task = deps
        .outbox(async (trx, enqueue) => {
          await recordWebhookEvent(trx, apiKeyId, {
            id,
            type: 'trade.completed',
            apiVersion: '2026-04-29',
            tradeId: null,
            payload: {
              id,
              type: 'trade.completed',
              apiVersion: '2026-04-29',
              createdAt: at.toISOString(),
              data: { benchSeq },
            },
            createdAt: at,
          });
          await enqueue({
            exchange: EXCHANGES.events,
            routingKey: 'trade.completed',
            payload: { eventId: id, apiKeyId },
          });
        })
        .then(() => {
          recorded += 1;
          lastAt = Date.now();
          committedAt.set(id, lastAt);
        })
        .finally(() => {
          running.delete(task);
          busy.delete(apiKeyId);
        });
      running.add(task);
    }
    await (running.size >= options.inFlight ? Promise.race(running) : new Promise((resolve) => setTimeout(resolve, 5)));
  }
  await Promise.all(running);
  return { recorded, firstAt: started, lastAt, committedAt };
}
