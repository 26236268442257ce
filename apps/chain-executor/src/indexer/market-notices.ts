/**
 * Live notices of market changes (decision 0022): one `{marketId}` message on the `streams` exchange per market a
 * block range traded or moved, written into the outbox in the range's transaction and published right after its
 * commit (or by the outbox relay when that fails). Public market streams re-read the market when one arrives.
 */
import type { Knex } from '#shared/db/create-knex.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { enqueueOutboxMessage, publishOutboxMessages, type OutboxMessage } from '#shared/messaging/outbox.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';

export async function enqueueMarketNotices(
  trx: Knex.Transaction,
  marketIds: readonly string[],
): Promise<OutboxMessage[]> {
  const notices: OutboxMessage[] = [];
  for (const marketId of new Set(marketIds)) {
    notices.push(
      await enqueueOutboxMessage(trx, {
        exchange: EXCHANGES.streams,
        routingKey: `market.${marketId}`,
        payload: { marketId },
      }),
    );
  }
  return notices;
}

/** Publishes committed notices now; without a broker connection the outbox relay sends them later. */
export async function publishMarketNotices(
  db: Knex,
  amqp: AmqpConnectionManager | undefined,
  notices: readonly OutboxMessage[],
): Promise<void> {
  if (amqp && notices.length > 0) {
    await publishOutboxMessages(
      db,
      amqp,
      notices.map((notice) => notice.messageId),
    );
  }
}
