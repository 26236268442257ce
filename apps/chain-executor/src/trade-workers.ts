import type { Registry } from 'prom-client';
import type { Knex } from 'knex';
import type { Address } from 'viem';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import type { ChainExecutorConfig } from '#shared/config/app-configs.js';
import type { Logger } from '#shared/logger/logger.js';
import { createGroupedOutbox } from './outbox/grouped-outbox.js';
import { createOutboxTransaction } from '#shared/messaging/outbox.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { startTradeJobsConsumer } from './consumers/trade-jobs.consumer.js';
import { startExpireConfirmationsLoop } from './loops/expire-confirmations.loop.js';
import { startReconcileStalledTradesLoop } from './loops/reconcile-stalled-trades.loop.js';
import type { TradeExecutorDeps } from './trades/trade-executor-deps.js';
import { startHeldTrades } from './trades/held-trades.js';
import { createSimulatedDelaySlots } from './trades/simulated-delay.js';
import { createTradeMetrics } from './trades/trade-metrics.js';
import { createTradeBatcher } from './trades/trade-batcher.js';
import { createTradeReads } from './trades/trade-reads.js';

export type TradeWorkerSettings = Pick<
  ChainExecutorConfig,
  | 'SERVICE_ENV'
  | 'TRADE_SLIPPAGE_BPS'
  | 'TRADE_BATCH_MAX'
  | 'TRADE_PROCESSING_HALTED'
  | 'CONFIRMATION_EXPIRY_POLL_MS'
  | 'STALLED_TRADE_AFTER_MS'
  | 'RECONCILE_POLL_MS'
  | 'TRADE_SWEEP_BATCH_SIZE'
  | 'EXECUTION_DEADLINE_S'
  | 'TRADES_IN_FLIGHT_MAX'
  | 'TRADE_BATCH_INTERVAL_MS'
>;

/**
 * Most trade moves in one group commit. Each move in a group waits for the whole group's transaction, so larger
 * groups save statements but add latency; measured with `npm run bench:trades` (120 trades/s offered): 4 → p50
 * 205 ms, 8 → 173–200 ms, 16 → 275 ms, 32 → 264 ms, at the same throughput.
 */
const GROUP_COMMIT_MAX = 8;

/**
 * The executor's trade work: the trade-job consumer, the confirmation-expiry loop and the stalled-trade reconciler.
 * Resolves with their stop functions (consumer first, so no new trade starts while the loops wind down).
 */
export async function startTradeWorkers(
  workers: {
    db: Knex;
    amqp: AmqpConnectionManager;
    writer: ChainWriter;
    operatorRegistry: Address;
    /** How many keys of the signer pool are leased now (signer-slot.ts): the replicas sending trades. */
    activeSigners: () => number;
    logger: Logger;
    registry?: Registry;
  },
  settings: TradeWorkerSettings,
): Promise<Array<() => Promise<void>>> {
  const { db, amqp, writer, operatorRegistry, logger, registry } = workers;
  const outbox = createOutboxTransaction(db, amqp);
  const batched = settings.TRADE_BATCH_MAX > 1;
  const tradeLogger = logger.child({ component: 'trades' });
  const deps: TradeExecutorDeps = {
    db,
    reads: createTradeReads(db),
    // Batched sends settle many trades at once: their moves share one transaction (group commit).
    outbox: batched ? createGroupedOutbox(outbox, { maxGroup: GROUP_COMMIT_MAX }) : outbox,
    writer,
    operatorRegistry,
    executionDeadlineS: settings.EXECUTION_DEADLINE_S,
    batcher: batched
      ? createTradeBatcher(writer, {
          maxBatch: settings.TRADE_BATCH_MAX,
          spacing:
            settings.TRADE_BATCH_INTERVAL_MS === 'auto'
              ? { auto: { senders: workers.activeSigners } }
              : { fixedMs: settings.TRADE_BATCH_INTERVAL_MS },
          logger: tradeLogger,
        })
      : null,
    slippageBps: settings.TRADE_SLIPPAGE_BPS,
    halted: settings.TRADE_PROCESSING_HALTED,
    serviceEnv: settings.SERVICE_ENV,
    simulatedDelays: createSimulatedDelaySlots(settings.TRADES_IN_FLIGHT_MAX),
    // Said alive four times per STALLED_TRADE_AFTER_MS: a live worker's trades never look stalled.
    held: startHeldTrades({ db, logger: tradeLogger, now: () => new Date() }, settings.STALLED_TRADE_AFTER_MS / 4),
    now: () => new Date(),
    logger: tradeLogger,
  };
  if (deps.halted) logger.warn({ event: 'trades.halted' }, 'TRADE_PROCESSING_HALTED: pending trades are rejected');
  const consumer = await startTradeJobsConsumer(amqp, deps, {
    prefetch: settings.TRADES_IN_FLIGHT_MAX,
    metrics: createTradeMetrics(registry),
  });
  const batchSize = settings.TRADE_SWEEP_BATCH_SIZE;
  return [
    async () => {
      await consumer.stop();
      deps.held?.stop();
    },
    startExpireConfirmationsLoop(deps, { pollMs: settings.CONFIRMATION_EXPIRY_POLL_MS, batchSize }),
    startReconcileStalledTradesLoop(deps, {
      pollMs: settings.RECONCILE_POLL_MS,
      stalledAfterMs: settings.STALLED_TRADE_AFTER_MS,
      batchSize,
    }),
  ];
}
