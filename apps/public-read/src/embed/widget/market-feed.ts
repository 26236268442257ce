/*
 * The live side of a widget: GET /api/markets/{id}/stream (Server-Sent Events, decision 0022). Each `snapshot` or
 * `update` carries the whole market, so a reconnect needs no resume point. The browser retries a dropped
 * connection by itself (after the server's `retry:`); when it gives up (an HTTP error such as the kill switch's 503,
 * or a 429) the feed opens a new EventSource after a growing, jittered delay (1 s doubling to 30 s). From the first
 * error until the next event the feed reports itself stale.
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

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

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

export function openMarketFeed(url: string, handlers: MarketFeedHandlers): MarketFeed {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stale = false;
  let closed = false;

  const markStale = (): void => {
    if (stale) return;
    stale = true;
    handlers.onStale(true);
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
  const connect = (): void => {
    timer = undefined;
    if (closed) return;
    const current = new EventSource(url);
    source = current;
    current.addEventListener('snapshot', onState);
    current.addEventListener('update', onState);
    current.addEventListener('error', () => {
      markStale();
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; so do we, for a while.
      if (current.readyState !== EventSource.CLOSED || closed || timer !== undefined) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
  };
  connect();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      source?.close();
    },
  };
}
