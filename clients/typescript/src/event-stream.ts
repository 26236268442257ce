/*
 * `events.stream()`: GET /v1/events/stream as an async iterator of trade events that survives dropped
 * connections. After a drop, a server's `stream.error` other than a revoked or expired key (SERVICE_SHUTTING_DOWN,
 * ROUTE_DISABLED), or a connection silent for `idleTimeoutMs` (the server sends a comment every 15 s), it reconnects
 * with `Last-Event-ID` set to the last id it yielded, so the server replays from there: no gap, no duplicate. A 429
 * or 503 with `Retry-After` is waited out as told, however long, and is not a failure (the server answered). It
 * gives up after `maxReconnects` attempts in a row that could not open the stream otherwise (a gateway's 502, 503 or
 * 504 without Retry-After, a network failure), and throws ForetellStreamError when the server ends the stream for
 * good (revoked or expired key). Breaking out of the loop closes the stream.
 */
import { apiErrorOf, ForetellApiError, ForetellStreamError } from './errors.js';
import type { StreamedEvent, TradeEvent, TradeEventType } from './events.js';
import type { FetchFunction } from './resilient-fetch.js';
import { backoffDelayMs, RATE_LIMIT_CODE, sleep, withJitter, type RetryOptions } from './retry-policy.js';
import { readSseMessages } from './sse-reader.js';

export interface EventStreamOptions {
  /** Only these event types (the others still move the position). */
  types?: TradeEventType[];
  /** Only events of this market. */
  marketId?: string;
  /** Resume after this event id (a `StreamedEvent.id` you processed); default: from the next event on. */
  after?: string;
  /** Aborting ends the iteration. */
  signal?: AbortSignal;
  /** Reconnections in a row that could not open the stream before giving up (default 10). */
  maxReconnects?: number;
  /** A connection that sends no byte for this long is taken for dead and replaced (default 45 s). */
  idleTimeoutMs?: number;
}

/** The endings after which reconnecting cannot help: the key no longer works. */
const FINAL_ENDINGS: ReadonlySet<string> = new Set(['API_KEY_REVOKED', 'API_KEY_EXPIRED']);
const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/** Answers to a (re)connect that say "not now" (a gateway or a restarting server): reconnect. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface EventStreamDeps {
  baseUrl: string;
  fetch: FetchFunction;
  retry: RetryOptions;
}

function streamUrl(baseUrl: string, options: EventStreamOptions): string {
  const url = new URL(`${baseUrl}/events/stream`);
  if (options.types?.length) url.searchParams.set('types', options.types.join(','));
  if (options.marketId) url.searchParams.set('marketId', options.marketId);
  return url.toString();
}

async function openStream(deps: EventStreamDeps, url: string, lastId: string | undefined, signal: AbortSignal) {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (lastId !== undefined) headers['Last-Event-ID'] = lastId;
  const response = await deps.fetch(new Request(url, { headers, signal }));
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text is the detail
    }
    throw apiErrorOf(response, body);
  }
  return response.body;
}

/**
 * `body` as it arrives, with `onIdle` called when no chunk has come for `idleMs` (the timer restarts with each
 * chunk); `stop` ends the watch, whatever became of the body (the caller's `finally`).
 */
function watchedForSilence(body: ReadableStream<Uint8Array>, idleMs: number, onIdle: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, idleMs);
    // A watch never keeps a process alive by itself.
    if (typeof timer === 'object' && 'unref' in timer) timer.unref();
  };
  restart();
  const watched = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        restart();
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: watched, stop: () => clearTimeout(timer) };
}

/** How long the server asked to wait before the next try (429 RATE_LIMIT_EXCEEDED or 503 with Retry-After). */
function toldToWaitMs(error: unknown): number | undefined {
  if (!(error instanceof ForetellApiError) || error.retryAfterMs === undefined) return undefined;
  if (error.status === 503 || (error.status === 429 && error.code === RATE_LIMIT_CODE)) return error.retryAfterMs;
  return undefined;
}

export async function* streamEvents(
  deps: EventStreamDeps,
  options: EventStreamOptions = {},
): AsyncGenerator<StreamedEvent, void> {
  const url = streamUrl(deps.baseUrl, options);
  const maxReconnects = options.maxReconnects ?? 10;
  let lastId = options.after;
  let retryMs = deps.retry.initialDelayMs;
  let failures = 0;
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  for (;;) {
    if (options.signal?.aborted) return;
    const connection = new AbortController();
    const stop = () => connection.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', stop, { once: true });
    let waitMs: number | undefined;
    let stopWatching = (): void => undefined;
    try {
      const opened = await openStream(deps, url, lastId, connection.signal);
      // A stream that opened is a healthy server: a quiet stream ended cleanly is not a failure in a row.
      failures = 0;
      const watch = watchedForSilence(opened, idleMs, () => connection.abort(new Error('event stream: silent')));
      stopWatching = watch.stop;
      for await (const message of readSseMessages(watch.body)) {
        if (message.retry !== undefined) retryMs = message.retry;
        if (message.event === 'stream.error') {
          const ending: { code: string; detail: string } = JSON.parse(message.data);
          if (FINAL_ENDINGS.has(ending.code)) throw new ForetellStreamError(ending.code, ending.detail);
          break;
        }
        if (message.id === undefined || message.data === '') continue;
        const event: TradeEvent = JSON.parse(message.data);
        lastId = message.id;
        yield { id: message.id, type: event.type, event };
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      waitMs = toldToWaitMs(error);
      // An answer (401, 403, another 429), a final ending or an unreadable event is not a dropped connection; a
      // gateway's 502/503/504, a silent connection and anything else are (undici reports network failures as
      // TypeErrors of its own realm: no instanceof on them).
      if (waitMs === undefined) {
        if (error instanceof ForetellApiError && !TRANSIENT_STATUSES.has(error.status)) throw error;
        if (error instanceof ForetellStreamError || error instanceof SyntaxError) throw error;
      }
    } finally {
      stopWatching();
      options.signal?.removeEventListener('abort', stop);
      connection.abort();
    }
    if (options.signal?.aborted) return;
    if (waitMs === undefined) {
      failures += 1;
      if (failures > maxReconnects)
        throw new Error(`event stream: ${maxReconnects} reconnections could not open the stream`);
    }
    try {
      await sleep(
        waitMs === undefined ? Math.max(retryMs, backoffDelayMs(failures, deps.retry)) : withJitter(waitMs),
        options.signal,
      );
    } catch {
      // aborted while waiting to reconnect
    }
    if (options.signal?.aborted) return;
  }
}
