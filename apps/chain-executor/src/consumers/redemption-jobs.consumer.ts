import type { AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { RunningConsumer } from '#shared/messaging/consumer.js';
import { QUEUES } from '#shared/messaging/topology.js';
import { redemptionJobSchema } from '#shared/messaging/message-schemas.js';
import { startConsumer } from '#shared/messaging/consumer.js';
import { settleRedemption, type SettleRedemptionDeps } from '../use-cases/settle-redemption.use-case.js';

export interface RedemptionJobsConsumerOptions {
  /** Claims settled at once (each is one on-chain redeem). */
  prefetch?: number;
}

/**
 * `chain-executor.redemptions`: `{redemptionId}` → settleRedemption → ack. A retryable failure (chain or database
 * unavailable) is requeued by startConsumer; any other failure has already been recorded on the claim.
 */
export function startRedemptionJobsConsumer(
  amqp: AmqpConnectionManager,
  deps: SettleRedemptionDeps,
  options: RedemptionJobsConsumerOptions = {},
): Promise<RunningConsumer> {
  return startConsumer(amqp, {
    queue: QUEUES.chainExecutorRedemptions,
    schema: redemptionJobSchema,
    logger: deps.logger,
    prefetch: options.prefetch ?? 8,
    handle: async (job) => {
      await settleRedemption(deps, { redemptionId: job.redemptionId });
    },
  });
}
