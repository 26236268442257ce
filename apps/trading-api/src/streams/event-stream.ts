/**
 * One open event stream (decision 0022). The database is the source of truth: the stream keeps the last sequence
 * number it passed (`lastSeq`), subscribes to its key's notices BEFORE its first read, and every read takes the
 * key's events with `seq > lastSeq` in order. So the replay and the live part are the same loop: an event committed
 * during the replay is either in a page or announced by a notice that triggers one more read, never skipped, never
 * sent twice. Reads are coalesced (one at a time, one more if notices came meanwhile), paused while the client's
 * buffer is full, and repeated every `recheckMs` in case a notice was lost.
 */
import type { FailureLog } from '#shared/logger/failure-log.js';
import { coalescedTask } from '#shared/streams/coalesced-task.js';
import { keyTopic, type NoticeHub } from '#shared/streams/notice-hub.js';
import type { SseWriter } from '#shared/streams/sse-writer.js';
import { eventMatches, type EventFilter } from './event-filter.js';
import type { EventPageReader } from './shared-event-pages.js';

export interface EventStreamSettings {
  /** Events read per query. */
  pageSize: number;
  /** Safety re-read when no notice came (lost notices). */
  recheckMs: number;
}

export interface EventStreamInput {
  /** Pages of the key's events after a position (shared between the key's streams on this replica). */
  pages: EventPageReader;
  hub: NoticeHub;
  /** Logs a failed read (one line per interval across the replica's streams while MySQL is down). */
  readFailed: FailureLog;
  apiKeyId: string;
  /** The position to continue after; the stream sends events with a greater `seq`. */
  afterSeq: number;
  filter: EventFilter;
  writer: SseWriter;
  settings: EventStreamSettings;
}

export interface EventStream {
  /** Stops reading (the writer is closed by whoever ends the stream). */
  stop(): void;
  /** Sequence number of the last event passed (sent or filtered out). */
  readonly lastSeq: number;
}

export function startEventStream(input: EventStreamInput): EventStream {
  const { pages, writer, filter, apiKeyId, settings } = input;
  let lastSeq = input.afterSeq;
  let stopped = false;

  const pump = async (): Promise<void> => {
    while (!stopped && !writer.closed) {
      if (!writer.hasRoom()) await writer.drained();
      if (stopped || writer.closed) return;
      const { events, frames } = await pages(apiKeyId, lastSeq, settings.pageSize);
      let passed = 0;
      for (const [index, event] of events.entries()) {
        // The buffer bound holds per event: the rest of the page is read again once the client caught up.
        if (stopped || !writer.hasRoom()) break;
        // Defensive: pages are keyed by position, so a page starts right after lastSeq.
        if (event.seq > lastSeq) {
          // cast: a page's frames are its events serialised one for one (same length, same order).
          if (eventMatches(filter, event)) writer.sendFrame(frames[index]!);
          lastSeq = event.seq;
        }
        passed += 1;
      }
      if (passed === events.length && events.length < settings.pageSize) return;
    }
  };
  const reads = coalescedTask(pump, (error) => input.readFailed(error, { apiKeyId }));
  const unsubscribe = input.hub.subscribe(keyTopic(apiKeyId), reads.request);
  const recheck = setInterval(reads.request, settings.recheckMs);
  recheck.unref();
  reads.request();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      reads.stop();
      unsubscribe();
      clearInterval(recheck);
    },
    get lastSeq() {
      return lastSeq;
    },
  };
}
