/*
 * `X-Service-Simulate: delay=<ms>` (issue 19, decision 0023): the trade is held `pending` until `delayMs` after it
 * was placed, then taken down the normal path. The hold sleeps inside the job's consumer slot, so one process holds
 * at most a quarter of its prefetch (at least one) of delayed trades at once; a delayed trade beyond that bound is
 * not held (it executes at once, with a warning) — one sandbox user can never stall the other trades of a replica.
 * The hold is measured from the trade's creation, so a redelivered job does not wait the delay again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import type { Logger } from '#shared/logger/logger.js';

/** The per-process count of trades held by a simulated delay, and its bound. */
export interface SimulatedDelaySlots {
  readonly max: number;
  held: number;
}

/** The slots of a consumer taking `prefetch` jobs at once: a quarter of them, at least one. */
export function createSimulatedDelaySlots(prefetch: number): SimulatedDelaySlots {
  return { max: Math.max(1, Math.floor(prefetch / 4)), held: 0 };
}

/** How `holdSimulatedDelay` ended: held for the rest of the delay, skipped (no free slot), or already elapsed. */
export type DelayHold = 'held' | 'skipped' | 'elapsed';

export async function holdSimulatedDelay(
  deps: { simulatedDelays: SimulatedDelaySlots; logger: Logger; now: () => Date },
  trade: Pick<TradeRecord, 'id' | 'createdAt'>,
  delayMs: number,
): Promise<DelayHold> {
  const remainingMs = trade.createdAt.getTime() + delayMs - deps.now().getTime();
  if (remainingMs <= 0) return 'elapsed';
  const slots = deps.simulatedDelays;
  if (slots.held >= slots.max) {
    deps.logger.warn(
      { event: 'trade.simulated_delay_skipped', tradeId: trade.id, delayMs, held: slots.held, max: slots.max },
      'too many simulated delays held by this executor; executing without the delay',
    );
    return 'skipped';
  }
  slots.held += 1;
  try {
    deps.logger.info({ event: 'trade.simulated_delay', tradeId: trade.id, delayMs, remainingMs }, 'holding');
    await sleep(remainingMs);
    return 'held';
  } finally {
    slots.held -= 1;
  }
}
