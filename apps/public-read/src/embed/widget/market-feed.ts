/*
 * The live side of a widget: GET /api/markets/{id}/stream (Server-Sent Events, decision 0022). Each `snapshot` or
 * `update` carries the whole market, so a reconnect needs no resume point. The browser retries a dropped
 * connection by itself (after the server's `retry:`); when it gives up (an HTTP error such as the kill switch's 503,
 * or a 429) the feed opens a new EventSource after a growing, jittered delay (1 s doubling to 30 s). From the first
 * error until the next event the feed reports itself stale.
 * A silently dead connection (half-open TCP) raises no error: the server sends a `heartbeat` event every 15 s, and
 * when neither a state nor a heartbeat arrived for 2.5 heartbeats the feed reports itself stale, drops that
 * connection and reconnects (decision 0024).
 */
import { marketViewOf, type MarketView } from './market-view.js';

export interface MarketFeedHandlers {
  /** A state from the stream; `afterGap` when the stream had dropped since the previous one. */
  onMarket(view: MarketView, afterGap: boolean): void;
  /** True from a drop until the next state arrives. */
  onStale(stale: boolean): void;
}

export interface MarketFeed {
  close(): void;
}

/** The part of EventSource the feed uses (injectable for specs). */
export interface FeedSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface FeedTimers {
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

export interface MarketFeedOptions {
  openSource?: (url: string) => FeedSource;
  timers?: FeedTimers;
  /** Silence after which a connection counts as dead. Default 2.5 × the server's 15 s heartbeat. */
  silenceLimitMs?: number;
  random?: () => number;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
const SERVER_HEARTBEAT_MS = 15_000;
export const SILENCE_LIMIT_MS = SERVER_HEARTBEAT_MS * 2.5;
/** EventSource.CLOSED (a constant, so fakes need no EventSource global). */
const SOURCE_CLOSED = 2;

/** Delay before the `attempt`-th reopen (0-based): base × 2^attempt capped at max, jittered to 50–100 %. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}

function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

const browserTimers: FeedTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

export function openMarketFeed(url: string, handlers: MarketFeedHandlers, options: MarketFeedOptions = {}): MarketFeed {
  const openSource = options.openSource ?? ((target: string): FeedSource => new EventSource(target));
  const timers = options.timers ?? browserTimers;
  const silenceLimitMs = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  let source: FeedSource | undefined;
  let reopen: number | undefined;
  let watchdog: number | undefined;
  let attempt = 0;
  let stale = false;
  let closed = false;

  const markStale = (): void => {
    if (stale) return;
    stale = true;
    handlers.onStale(true);
  };
  const scheduleReopen = (): void => {
    if (closed || reopen !== undefined) return;
    reopen = timers.setTimeout(connect, reconnectDelay(attempt, options.random));
    attempt += 1;
  };
  const stopWatchdog = (): void => {
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    watchdog = undefined;
  };
  // Restarted by every event of the current connection; firing means the connection went silent.
  const armWatchdog = (current: FeedSource): void => {
    stopWatchdog();
    watchdog = timers.setTimeout(() => {
      watchdog = undefined;
      if (closed || current !== source) return;
      markStale();
      current.close();
      scheduleReopen();
    }, silenceLimitMs);
  };
  const onState = (event: MessageEvent): void => {
    const view = marketViewOf(parse(event.data));
    if (!view) return;
    attempt = 0;
    const afterGap = stale;
    if (stale) {
      stale = false;
      handlers.onStale(false);
    }
    handlers.onMarket(view, afterGap);
  };
  function connect(): void {
    reopen = undefined;
    if (closed) return;
    const current = openSource(url);
    source = current;
    const alive = (): void => {
      if (current === source) armWatchdog(current);
    };
    current.addEventListener('snapshot', (event) => {
      alive();
      onState(event);
    });
    current.addEventListener('update', (event) => {
      alive();
      onState(event);
    });
    current.addEventListener('heartbeat', alive);
    current.addEventListener('error', () => {
      markStale();
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; so do we, for a while.
      if (current.readyState !== SOURCE_CLOSED || current !== source) return;
      stopWatchdog();
      scheduleReopen();
    });
    armWatchdog(current);
  }
  connect();

  return {
    close() {
      closed = true;
      if (reopen !== undefined) timers.clearTimeout(reopen);
      stopWatchdog();
      source?.close();
    },
  };
}
