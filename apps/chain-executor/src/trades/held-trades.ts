/*
 * The trades this replica's workers hold, from a job's start to its end (a receipt wait included), and the
 * heartbeat that says so in MySQL every `intervalMs` (markTradesHeld). The reconciler takes a trade only once its
 * worker has been silent for STALLED_TRADE_AFTER_MS (decision 0031): it never resends from another key beside a
 * live worker whose transaction is still moving, where one of the two could be mined first as a refusal and fail a
 * trade the other then executes.
 */
import type { Knex } from '#shared/db/create-knex.js';
import { markTradesHeld } from '#shared/db/trades/trades.repository.js';
import { createFailureLog } from '#shared/logger/failure-log.js';
import type { Logger } from '#shared/logger/logger.js';

export interface HeldTrades {
  /** Runs `work` with `tradeId` held; holds of one trade nest (it is released when the last one ends). */
  during<T>(tradeId: string, work: () => Promise<T>): Promise<T>;
  /** Stops the heartbeat (the holds end with their work). */
  stop(): void;
}

export function startHeldTrades(deps: { db: Knex; logger: Logger; now: () => Date }, intervalMs: number): HeldTrades {
  const holds = new Map<string, number>();
  const heartbeatFailed = createFailureLog(deps.logger, {
    event: 'trades.heartbeat_failed',
    message: 'could not say which trades this replica holds; the reconciler may take them once silent',
  });
  let beating = false;
  const timer = setInterval(() => {
    if (beating || holds.size === 0) return;
    beating = true;
    markTradesHeld(deps.db, [...holds.keys()], deps.now())
      .catch((error: unknown) => heartbeatFailed(error))
      .finally(() => (beating = false));
  }, intervalMs);
  timer.unref();
  return {
    async during(tradeId, work) {
      holds.set(tradeId, (holds.get(tradeId) ?? 0) + 1);
      try {
        return await work();
      } finally {
        const left = (holds.get(tradeId) ?? 1) - 1;
        if (left > 0) holds.set(tradeId, left);
        else holds.delete(tradeId);
      }
    },
    stop: () => clearInterval(timer),
  };
}

/** Runs `work` with `tradeId` held when the deps hold trades (they do in the deployables; some tests run without). */
export function whileHeld<T>(held: HeldTrades | undefined, tradeId: string, work: () => Promise<T>): Promise<T> {
  return held ? held.during(tradeId, work) : work();
}
