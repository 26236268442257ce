/**
 * GET /v1/events/stream once the pipeline admitted it (decision 0022): a slot among the user's open streams (429
 * beyond), the SSE response, the stream reading from the resume point, and its registration so revocation, the
 * kill switch and shutdown can end it with a final `stream.error` event.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { lastWebhookSeqOfKey } from '#shared/db/api-keys/api-keys.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { Logger } from '#shared/logger/logger.js';
import type { FailureLog } from '#shared/logger/failure-log.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import { openSseStream, whenResponseClosed } from '#shared/streams/sse-writer.js';
import { retryAfterSeconds, type StreamSlots } from '#shared/streams/stream-slots.js';
import type { TypedHandlerContext } from '../pipeline/operation-handler.js';
import { parseEventFilter, parseResumePoint } from './event-filter.js';
import { startEventStream } from './event-stream.js';
import type { OpenStreams, StreamEndReason } from './open-streams.js';
import type { EventPageReader } from './shared-event-pages.js';
import type { StreamSettings } from './stream-settings.js';

export interface EventStreamDeps {
  db: Knex;
  hub: NoticeHub;
  pages: EventPageReader;
  slots: StreamSlots;
  openStreams: OpenStreams;
  settings: StreamSettings;
  logger: Logger;
  /** The streams' read failures, one line per interval (createFailureLog). */
  readFailed: FailureLog;
}

const endDetails: Record<StreamEndReason, string> = {
  API_KEY_REVOKED: 'The API key was revoked.',
  API_KEY_EXPIRED: 'The API key expired.',
  ROUTE_DISABLED: 'This route is disabled; reconnect later.',
  SERVICE_SHUTTING_DOWN: 'This replica is shutting down; reconnect.',
};

/** The final event of a stream the server ends: a problem-shaped body with the reason's code. */
export function streamEndEvent(reason: StreamEndReason): { event: string; data: string } {
  return { event: 'stream.error', data: JSON.stringify({ code: reason, detail: endDetails[reason] }) };
}

export async function openEventStream(
  deps: EventStreamDeps,
  context: TypedHandlerContext<'streamEvents'>,
  res: Response,
): Promise<void> {
  const { input, auth } = context;
  const resumeAfter = parseResumePoint(input.headers['last-event-id'], input.query.after);
  if (resumeAfter === undefined) {
    throw new AppError('VALIDATION_FAILED', { detail: 'Last-Event-ID must be an event sequence number' });
  }
  const apiKeyId = auth.key.record.id;
  const { settings } = deps;
  const taken = await deps.slots.take(auth.key.record.userId, settings.maxStreamsPerUser);
  if (taken.slot === null) {
    // Retry-After: when the user's oldest stream lease ends, the earliest a slot frees unless a stream is closed.
    throw new AppError('RATE_LIMIT_EXCEEDED', {
      detail: `At most ${settings.maxStreamsPerUser} event streams may be open per user; close one first.`,
      extensions: { limit: 'open-streams', maxOpenStreams: settings.maxStreamsPerUser },
      retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs),
    });
  }
  const { slot } = taken;
  let afterSeq: number;
  try {
    afterSeq = resumeAfter ?? (await lastWebhookSeqOfKey(deps.db, apiKeyId));
  } catch (error) {
    // No stream opened: its slot goes back now, not when its lease lapses.
    await slot.release().catch(() => undefined);
    throw error;
  }
  const routeId = String(res.locals.routeId);
  let forget = (): void => undefined;
  const writer = openSseStream(res, {
    retryMs: settings.retryMs,
    maxBufferedBytes: settings.maxBufferedBytes,
    heartbeatMs: settings.heartbeatMs,
    stallTimeoutMs: settings.stallTimeoutMs,
    onStalled: (bufferedBytes) =>
      deps.logger.info({ event: 'streams.reader_stalled', apiKeyId, bufferedBytes }, 'stalled stream reader cut off'),
    onHeartbeat: () => void slot.renew().catch(() => undefined),
  });
  const stream = startEventStream({
    pages: deps.pages,
    hub: deps.hub,
    readFailed: deps.readFailed,
    apiKeyId,
    afterSeq,
    filter: parseEventFilter(input.query),
    writer,
    settings,
  });
  forget = deps.openStreams.add({
    apiKeyId,
    routeId,
    end: (reason) => writer.close({ event: streamEndEvent(reason), retryMs: settings.shutdownRetryMs }),
  });
  whenResponseClosed(res, () => {
    stream.stop();
    forget();
    void slot.release().catch(() => undefined);
  });
}
