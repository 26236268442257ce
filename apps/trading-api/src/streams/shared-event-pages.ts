/**
 * One query for many streams (decision 0022): the streams of one key on a replica are woken by the same notice and,
 * once caught up, ask for the same page (`seq > lastSeq`). A read joins a query in flight for the same key,
 * position and notice generation — that query started after the latest notice, so it sees everything the notice
 * announced — and the page's SSE frames are serialised once for all of them.
 */
import type { Knex } from 'knex';
import { listWebhookEventsAfterSeq } from '#shared/db/webhook-events/webhook-events.repository.js';
import { type StreamedWebhookEvent } from '#shared/db/webhook-events/webhook-event-rows.js';
import { formatSseEvent } from '#shared/streams/sse-writer.js';
import { keyTopic, type NoticeHub } from '#shared/streams/notice-hub.js';

export interface StreamedEventPage {
  events: readonly StreamedWebhookEvent[];
  /** The SSE frame of each event (same order). */
  frames: readonly string[];
}

export type EventPageReader = (apiKeyId: string, afterSeq: number, limit: number) => Promise<StreamedEventPage>;

export function createSharedEventPages(db: Knex, hub: NoticeHub): EventPageReader {
  const inFlight = new Map<string, Promise<StreamedEventPage>>();
  return (apiKeyId, afterSeq, limit) => {
    const key = `${apiKeyId}:${afterSeq}:${limit}:${hub.generation(keyTopic(apiKeyId))}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const read = listWebhookEventsAfterSeq(db, apiKeyId, afterSeq, limit)
      .then((events) => ({
        events,
        frames: events.map((event) =>
          formatSseEvent({ id: String(event.seq), event: event.type, data: JSON.stringify(event.payload) }),
        ),
      }))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, read);
    return read;
  };
}
