/*
 * Collects the trades ready to send and sends them several per transaction (#shared/chain batched-trades.ts), the
 * way a database groups commits: while one batch is being simulated and broadcast, the trades that become ready
 * wait, and the next batch takes all of them (up to `maxBatch`). A lone trade goes at once, so a quiet executor
 * adds no delay; a busy one pays the chain's and the node's cost once per batch instead of once per trade.
 *
 * Before its first batch (and again after a batch that could not use the chain, e.g. a test chain reset) the batcher
 * makes sure the executor's address is a batch sender (EIP-7702 delegation, batch-delegation.ts).
 */
import {
  ensureBatchDelegation,
  executeTradeBatch,
  type AccountTradeExecution,
  type BatchedTrade,
  type BatchedTradeResult,
  type ChainWriter,
} from '#shared/chain/index.js';
import { AppError, toAppError } from '#shared/errors/index.js';
import type { Logger } from '#shared/logger/index.js';

export interface TradeBatcher {
  /** Resolves with the trade's execution; rejects with its AppError (nothing sent, reverted, or unknown fate). */
  submit(trade: BatchedTrade): Promise<AccountTradeExecution>;
}

interface Waiting {
  trade: BatchedTrade;
  resolve: (execution: AccountTradeExecution) => void;
  reject: (error: AppError) => void;
}

export function createTradeBatcher(writer: ChainWriter, options: { maxBatch: number; logger: Logger }): TradeBatcher {
  const waiting: Waiting[] = [];
  let sending = false;
  let delegated = false;

  const settle = (entry: Waiting, result: BatchedTradeResult) => {
    if (result instanceof AppError) entry.reject(result);
    else entry.resolve(result);
  };

  async function sendBatch(batch: Waiting[]): Promise<void> {
    if (!delegated) {
      await ensureBatchDelegation(writer);
      delegated = true;
    }
    const results = await executeTradeBatch(
      writer,
      batch.map((entry) => entry.trade),
    );
    // A batch that could not use the chain (node unreachable, or no delegation any more: simulateCallBatch) makes
    // the next one check the delegation again (one getCode).
    if (results.some((result) => result instanceof AppError && result.code === 'DEPENDENCY_UNAVAILABLE')) {
      delegated = false;
    }
    options.logger.debug({ event: 'trades.batch_sent', size: batch.length }, 'trade batch sent');
    batch.forEach((entry, index) =>
      settle(entry, results[index] ?? new AppError('INTERNAL_ERROR', { detail: 'The batch lost this trade' })),
    );
  }

  function drain(): void {
    if (sending || waiting.length === 0) return;
    sending = true;
    const batch = waiting.splice(0, options.maxBatch);
    // The next batch may start once this one is broadcast: its receipt is awaited by the trades, not the batcher.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      sending = false;
      drain();
    };
    const broadcast = batch.map((entry) => ({
      ...entry,
      trade: {
        ...entry.trade,
        onSent: async (hash: `0x${string}`) => {
          release();
          await entry.trade.onSent?.(hash);
        },
      },
    }));
    sendBatch(broadcast)
      .catch((error: unknown) => {
        delegated = false;
        for (const entry of batch) entry.reject(toAppError(error));
      })
      .finally(release);
  }

  return {
    submit(trade) {
      return new Promise<AccountTradeExecution>((resolve, reject) => {
        waiting.push({ trade, resolve, reject });
        // Trades made ready in the same turn of the event loop join one batch.
        setImmediate(drain);
      });
    },
  };
}
