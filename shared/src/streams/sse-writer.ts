/**
 * Server-Sent Events over one HTTP response (decision 0022): the headers (`text/event-stream`, no caching, no proxy
 * buffering), a `retry:` hint first, events with an `id:`, comments as heartbeats, and a bounded send buffer. The
 * writer never queues in memory beyond the socket's own buffer: `hasRoom()` says whether more may be written, and a
 * caller that keeps finding no room for `stallTimeoutMs` is told to cut the client off (`onStalled`).
 */
import type { ServerResponse } from 'node:http';

export interface SseWriterOptions {
  /** Reconnection delay suggested to the client (`retry:`). */
  retryMs: number;
  /** Bytes the socket may hold unsent before the stream stops producing. */
  maxBufferedBytes: number;
  /** Heartbeat comment interval. */
  heartbeatMs: number;
  /** How long the buffer may stay full before `onStalled` runs. */
  stallTimeoutMs: number;
  /** Called once when the client stopped reading for `stallTimeoutMs` (the socket is then destroyed). */
  onStalled(bufferedBytes: number): void;
  /** A named event written after each heartbeat comment while there is room: EventSource never exposes comments. */
  heartbeatEvent?: SseEvent;
  /** Called on every heartbeat (lease refresh, checks). */
  onHeartbeat?(): void;
  /** Extra response headers (CORS, rate-limit headers are already on the response). */
  headers?: Record<string, string>;
}

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseWriter {
  /** Writes one event; false when the stream is closed. */
  send(event: SseEvent): boolean;
  /** Writes a frame formatted by formatSseEvent (shared between streams); false when the stream is closed. */
  sendFrame(frame: string): boolean;
  /** Whether the socket's buffer has room for more events. */
  hasRoom(): boolean;
  /** Resolves when the buffer drained below the bound (or the stream closed). */
  drained(): Promise<void>;
  /** Sends a final `retry:` (and optionally a last event), then ends the response. */
  close(final?: { event?: SseEvent; retryMs?: number }): void;
  readonly closed: boolean;
}

/** One SSE frame. Data lines are split so a newline in the payload cannot end the event early. */
export function formatSseEvent(event: SseEvent): string {
  let frame = '';
  if (event.id !== undefined) frame += `id: ${event.id}\n`;
  if (event.event !== undefined) frame += `event: ${event.event}\n`;
  for (const line of event.data.split(/\r\n|\r|\n/)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/**
 * Runs `cleanup` once the response is closed: now if the client already went away (a stream opens after awaits,
 * during which it may have), else on its `close` event.
 */
export function whenResponseClosed(res: ServerResponse, cleanup: () => void): void {
  if (res.destroyed || res.closed) cleanup();
  else res.once('close', cleanup);
}

export function openSseStream(res: ServerResponse, options: SseWriterOptions): SseWriter {
  let closed = false;
  let stalledSince: number | undefined;
  const waiters = new Set<() => void>();
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-store');
  res.setHeader('X-Accel-Buffering', 'no');
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  res.removeHeader('Content-Length');
  res.socket?.setNoDelay(true);
  res.socket?.setKeepAlive(true);
  res.write(`retry: ${options.retryMs}\n\n`);

  const wakeWaiters = (): void => {
    for (const wake of [...waiters]) wake();
    waiters.clear();
  };
  const hasRoom = (): boolean => !closed && res.writableLength < options.maxBufferedBytes;
  const onDrain = (): void => {
    stalledSince = undefined;
    wakeWaiters();
  };
  res.on('drain', onDrain);
  const heartbeatFrame = options.heartbeatEvent && formatSseEvent(options.heartbeatEvent);
  const heartbeat = setInterval(() => {
    if (closed) return;
    if (hasRoom()) res.write(': keep-alive\n\n');
    if (heartbeatFrame && hasRoom()) res.write(heartbeatFrame);
    options.onHeartbeat?.();
  }, options.heartbeatMs);
  heartbeat.unref();
  // A client that stopped reading: the socket is destroyed, which frees its buffer (ending it would wait to flush).
  const stallCheck = setInterval(
    () => {
      if (closed) return;
      if (hasRoom()) {
        stalledSince = undefined;
        return;
      }
      stalledSince ??= Date.now();
      if (Date.now() - stalledSince < options.stallTimeoutMs) return;
      const buffered = res.writableLength;
      finish();
      options.onStalled(buffered);
      res.destroy();
    },
    Math.max(50, Math.min(options.stallTimeoutMs / 2, 1_000)),
  );
  stallCheck.unref();

  const finish = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearInterval(stallCheck);
    res.off('drain', onDrain);
    wakeWaiters();
  };
  whenResponseClosed(res, finish);

  return {
    send(event) {
      if (closed) return false;
      res.write(formatSseEvent(event));
      return true;
    },
    sendFrame(frame) {
      if (closed) return false;
      res.write(frame);
      return true;
    },
    hasRoom,
    drained: () => (hasRoom() || closed ? Promise.resolve() : new Promise<void>((resolve) => waiters.add(resolve))),
    close(final) {
      if (closed) return;
      if (final?.retryMs !== undefined) res.write(`retry: ${final.retryMs}\n\n`);
      if (final?.event) res.write(formatSseEvent(final.event));
      finish();
      res.end();
    },
    get closed() {
      return closed;
    },
  };
}
