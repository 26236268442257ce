/**
 * Public live market streams (GET /api/markets/{id}/stream, decision 0022): a `snapshot` event with the market as
 * the detail endpoint shows it (prices, probabilities, volume, status), then an `update` event with the same shape
 * whenever the indexer announces a change of that market and the representation differs, and a `heartbeat` event
 * (`data: {}`) with every keep-alive comment so EventSource clients can detect a dead connection. Open streams per client
 * address are capped across replicas (Redis leases); a stalled reader is cut off; the kill switch and shutdown end
 * the streams (a short `retry:` on shutdown so embeds reconnect to another replica).
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';
import { createFailureLog } from '#shared/logger/failure-log.js';
import type { Redis } from '#shared/redis/create-redis.js';
import { coalescedTask } from '#shared/streams/coalesced-task.js';
import { createNoticeHub, marketTopic, type NoticeHub } from '#shared/streams/notice-hub.js';
import { openSseStream, whenResponseClosed, type SseWriter } from '#shared/streams/sse-writer.js';
import { createStreamSlots, retryAfterSeconds } from '#shared/streams/stream-slots.js';
import { toMarketDetailView } from '../presenters/market.presenter.js';

export interface MarketStreamSettings {
  maxStreamsPerIp: number;
  heartbeatMs: number;
  retryMs: number;
  shutdownRetryMs: number;
  maxBufferedBytes: number;
  stallTimeoutMs: number;
  /** Safety re-read without notices. */
  recheckMs: number;
}

export const DEFAULT_MARKET_STREAM_SETTINGS: MarketStreamSettings = {
  maxStreamsPerIp: 10,
  heartbeatMs: 15_000,
  retryMs: 3_000,
  shutdownRetryMs: 500,
  maxBufferedBytes: 64 * 1024,
  stallTimeoutMs: 10_000,
  recheckMs: 30_000,
};

export interface MarketStreams {
  /** Serves one stream (throws NOT_FOUND / RATE_LIMIT_EXCEEDED before anything is written). */
  open(res: Response, input: { marketId: string; clientIp: string; routeId: string }): Promise<void>;
  /** Ends every stream with a short `retry:` (shutdown). */
  shutdown(): void;
}

export function createMarketStreams(deps: {
  db: Knex;
  redis: Redis;
  routeSwitches: RouteSwitches;
  logger: Logger;
  hub?: NoticeHub;
  settings?: Partial<MarketStreamSettings>;
}): MarketStreams {
  const settings = { ...DEFAULT_MARKET_STREAM_SETTINGS, ...deps.settings };
  const hub = deps.hub ?? createNoticeHub();
  const readFailed = createFailureLog(deps.logger, {
    event: 'streams.market_read_failed',
    message: 'market stream read failed',
  });
  const slots = createStreamSlots({ redis: deps.redis, namespace: 'streams:ip', leaseMs: settings.heartbeatMs * 3 });
  const open = new Map<SseWriter, string>();
  deps.routeSwitches.onChange(() => {
    for (const [writer, routeId] of [...open]) {
      if (deps.routeSwitches.isDisabled(routeId)) writer.close({ retryMs: settings.retryMs });
    }
  });

  const render = async (marketId: string): Promise<string | null> => {
    const market = await findMarketById(deps.db, marketId);
    return market ? JSON.stringify({ market: toMarketDetailView(market) }) : null;
  };

  return {
    async open(res, { marketId, clientIp, routeId }) {
      const first = await render(marketId);
      if (first === null) throw new AppError('NOT_FOUND', { detail: `Market ${marketId} does not exist.` });
      const taken = await slots.take(clientIp, settings.maxStreamsPerIp);
      if (taken.slot === null) {
        // `retryAfter` and Retry-After: when this address's oldest stream lease ends (decision 0022).
        throw new AppError('RATE_LIMIT_EXCEEDED', {
          detail: `At most ${settings.maxStreamsPerIp} market streams may be open per client address.`,
          retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs),
        });
      }
      const { slot } = taken;
      const writer = openSseStream(res, {
        retryMs: settings.retryMs,
        maxBufferedBytes: settings.maxBufferedBytes,
        heartbeatMs: settings.heartbeatMs,
        stallTimeoutMs: settings.stallTimeoutMs,
        onStalled: (bufferedBytes) =>
          deps.logger.info(
            { event: 'streams.reader_stalled', marketId, bufferedBytes },
            'stalled market stream cut off',
          ),
        // A named event after the writer's comment: EventSource never exposes comments, so an embed can only tell
        // a silently dead connection (half-open TCP) from a quiet market by this event (decision 0024).
        heartbeatEvent: { event: 'heartbeat', data: '{}' },
        onHeartbeat: () => void slot.renew().catch(() => undefined),
      });
      open.set(writer, routeId);
      let last = first;
      writer.send({ event: 'snapshot', data: first });
      // Updates are snapshots of the moment: a reader that fell behind skips to the newest one.
      const refresh = coalescedTask(
        async () => {
          const next = await render(marketId);
          if (next === null || next === last || !writer.hasRoom()) return;
          last = next;
          writer.send({ event: 'update', data: next });
        },
        (error) => readFailed(error, { marketId }),
      );
      const unsubscribe = hub.subscribe(marketTopic(marketId), refresh.request);
      const recheck = setInterval(refresh.request, settings.recheckMs);
      recheck.unref();
      // A change committed between the snapshot and the subscription.
      refresh.request();
      whenResponseClosed(res, () => {
        open.delete(writer);
        unsubscribe();
        refresh.stop();
        clearInterval(recheck);
        void slot.release().catch(() => undefined);
      });
    },
    shutdown() {
      for (const writer of [...open.keys()]) writer.close({ retryMs: settings.shutdownRetryMs });
    },
  };
}
