import type { Knex } from 'knex';
import type { Address } from 'viem';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import type { Logger } from '#shared/logger/logger.js';
import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { startRedemptionJobsConsumer } from './consumers/redemption-jobs.consumer.js';
import { startAutoRedeemLoop } from './loops/auto-redeem.loop.js';
import { startStalledRedeemLoop } from './loops/stalled-redeem.loop.js';

export interface RedemptionWorkerSettings {
  /** Self-service claims (POST /v1/redemptions) are on; off = the executor pays settled positions automatically. */
  redemptionsEnabled: boolean;
  /** Pause between automatic payout passes (leader only). Default 5 s. */
  autoRedeemIntervalMs?: number;
  /** An open claim untouched this long is settled again by the leader. Default 60 s. */
  stalledAfterMs?: number;
  /** Pause between passes over stalled claims. Default 5 s. */
  reconcileIntervalMs?: number;
  /** Claims the consumer settles at once. Default 8. */
  prefetch?: number;
}

export interface RedemptionWorkersDeps {
  db: Knex;
  amqp: AmqpConnectionManager;
  /** The signer this replica leases, calling through the OperatorRegistry. */
  writer: ChainWriter;
  operatorRegistry: Address;
  executionDeadlineS: number;
  logger: Logger;
  settings: RedemptionWorkerSettings;
  now?: () => Date;
}

/**
 * The executor's redemption work: the `chain-executor.redemptions` consumer (always: automatic claims are settled by
 * the same path), the leader's pass over stalled claims, and — with self-service off — the leader's automatic
 * payouts. Resolves with the stop functions, to be called on shutdown.
 */
export async function startRedemptionWorkers(deps: RedemptionWorkersDeps): Promise<Array<() => Promise<void>>> {
  const { settings } = deps;
  const settle = {
    db: deps.db,
    writer: deps.writer,
    operatorRegistry: deps.operatorRegistry,
    executionDeadlineS: deps.executionDeadlineS,
    logger: deps.logger.child({ component: 'redemptions' }),
    ...(deps.now ? { now: deps.now } : {}),
  };
  const consumer = await startRedemptionJobsConsumer(deps.amqp, settle, { prefetch: settings.prefetch ?? 8 });
  const stops: Array<() => Promise<void>> = [
    () => consumer.stop(),
    startStalledRedeemLoop(settle, {
      intervalMs: settings.reconcileIntervalMs ?? 5_000,
      stalledAfterMs: settings.stalledAfterMs ?? 60_000,
    }),
  ];
  if (!settings.redemptionsEnabled) {
    stops.push(startAutoRedeemLoop(settle, { intervalMs: settings.autoRedeemIntervalMs ?? 5_000 }));
  }
  return stops;
}
