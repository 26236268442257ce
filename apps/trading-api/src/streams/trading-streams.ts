/**
 * The trading API's live parts (decision 0022), built once per app: the event stream handler, the waiting reads of
 * GET /v1/trades/{id}, and what ends them on shutdown. Notices come from the replica's hub (fed by its AMQP
 * subscription in main.ts); without one the streams still work on their periodic re-read alone.
 */
import type { Knex } from 'knex';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';
import type { Redis } from '#shared/redis/create-redis.js';
import { createNoticeHub, tradeTopic, type NoticeHub } from '#shared/streams/notice-hub.js';
import { createStreamSlots } from '#shared/streams/stream-slots.js';
import { streamEventsHandler } from '../handlers/stream-events.handler.js';
import type { StreamingHandler } from '../pipeline/streaming-handler.js';
import { typedTopic, type WaitingReads } from '../pipeline/waiting-read.js';
import { createOpenStreams, type OpenStreams } from './open-streams.js';
import { createSharedEventPages, type EventPageReader } from './shared-event-pages.js';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from './stream-settings.js';
import { createFailureLog } from '#shared/logger/failure-log.js';

/** Operations served by a streaming handler instead of an OperationHandler (handlers/index.ts has none for them). */
export const STREAMING_OPERATION_IDS: readonly string[] = ['streamEvents'];

export interface TradingStreams {
  streamingHandlers: Record<string, StreamingHandler>;
  waitingReads: WaitingReads;
  openStreams: OpenStreams;
  /** Ends every stream (with a short `retry:`) and answers every waiting read now. */
  shutdown(): void;
}

export function createTradingStreams(deps: {
  db: Knex;
  redis: Redis;
  routeSwitches: RouteSwitches;
  logger: Logger;
  hub?: NoticeHub;
  settings?: Partial<StreamSettings>;
  now?: () => number;
  /** Test hook: wraps the streams' page reads (a test commits events between the pages of a replay). */
  wrapPages?: (read: EventPageReader) => EventPageReader;
}): TradingStreams {
  const settings: StreamSettings = { ...DEFAULT_STREAM_SETTINGS, ...deps.settings };
  const hub = deps.hub ?? createNoticeHub();
  const logger = deps.logger;
  const openStreams = createOpenStreams({
    db: deps.db,
    routeSwitches: deps.routeSwitches,
    logger,
    checkMs: settings.keyCheckMs,
    now: deps.now,
  });
  const slots = createStreamSlots({
    redis: deps.redis,
    namespace: 'streams:user',
    leaseMs: settings.heartbeatMs * 3,
    now: deps.now,
  });
  const pages = createSharedEventPages(deps.db, hub);
  const waitingReads: WaitingReads = {
    hub,
    logger,
    maxWaitSeconds: settings.maxWaitSeconds,
    topics: { getTrade: typedTopic<'getTrade'>((input) => tradeTopic(input.params.id)) },
    pending: new Set(),
  };
  return {
    streamingHandlers: {
      streamEvents: streamEventsHandler({
        db: deps.db,
        hub,
        pages: deps.wrapPages ? deps.wrapPages(pages) : pages,
        slots,
        openStreams,
        settings,
        logger,
        readFailed: createFailureLog(logger, {
          event: 'streams.read_failed',
          message: 'event stream read failed; retrying',
        }),
      }),
    },
    waitingReads,
    openStreams,
    shutdown() {
      openStreams.closeAll('SERVICE_SHUTTING_DOWN');
      openStreams.stop();
      waitingReads.closing = true;
      for (const answerNow of [...waitingReads.pending]) answerNow();
    },
  };
}
