import { QUEUES } from '#shared/messaging/topology.js';
import { startConsumer, type RunningConsumer } from '#shared/messaging/consumer.js';
import { tradeJobSchema } from '#shared/messaging/message-schemas.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import type { TradeExecutorDeps } from '../trades/trade-executor-deps.js';
import { noTradeMetrics, type TradeMetrics } from '../trades/trade-metrics.js';
import { executeTrade } from '../use-cases/execute-trade.use-case.js';

/**
 * `chain-executor.trades`: a validated `{tradeId}` → executeTrade → ack; a thrown error is requeued when retryable
 * and parked otherwise (startConsumer).
 */
export function startTradeJobsConsumer(
  amqp: AmqpConnectionManager,
  deps: TradeExecutorDeps,
  options: { prefetch: number; metrics?: TradeMetrics },
): Promise<RunningConsumer> {
  const metrics = options.metrics ?? noTradeMetrics;
  return startConsumer(amqp, {
    queue: QUEUES.chainExecutorTrades,
    schema: tradeJobSchema,
    prefetch: options.prefetch,
    logger: deps.logger,
    handle: async (job) => {
      const started = performance.now();
      try {
        metrics.observeJob(await executeTrade(deps, job), (performance.now() - started) / 1000);
      } catch (error) {
        metrics.countError();
        throw error;
      }
    },
  });
}
