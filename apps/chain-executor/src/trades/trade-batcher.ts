/*
 * Collects the trades ready to send and sends them several per transaction (#shared/chain batched-trades.ts), the
 * way a database groups commits: while one batch is being simulated and broadcast, the trades that become ready
 * wait, and the next batch takes all of them (up to `maxBatch`). A lone trade goes at once, so a quiet executor
 * adds no delay; a busy one pays the chain's and the node's cost once per batch instead of once per trade.
 *
 * Spacing. One replica's batches go back to back. Several replicas (each with its own signer) would each send
 * batches a third the size, three times as often, and a chain that mines on arrival makes every transaction a block:
 * the node's cost per transaction, not the trades, would fill the machine. So by default (`spacing: 'auto'`) a
 * replica starts its batches at least `senders × its mean send time` apart, where `senders` is the number of the
 * pool's keys leased now: together the replicas send about as often as one would, each with the trades of its turn.
 * One sender alone waits for nothing. A number instead spaces the starts by that many milliseconds
 * (TRADE_BATCH_INTERVAL_MS).
 *
 * Before its first batch (and again after a batch that could not use the chain, e.g. a test chain reset) the batcher
 * makes sure the executor's address is a batch sender (EIP-7702 delegation, batch-delegation.ts).
 */
import { ensureBatchDelegation } from '../chain/batch-delegation.js';
import { executeTradeBatch, type BatchedTrade } from '../chain/batched-trades.js';
import { type AccountTradeExecution } from '../chain/account-trades.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { AppError, toAppError } from '#shared/errors/app-error.js';
import type { Logger } from '#shared/logger/logger.js';
import { coalescedTask } from '#shared/streams/coalesced-task.js';

export interface TradeBatcher {
  /** Resolves with the trade's execution; rejects with its AppError (nothing sent, reverted, or unknown fate). */
  submit(trade: BatchedTrade): Promise<AccountTradeExecution>;
}

interface Waiting {
  trade: BatchedTrade;
  resolve: (execution: AccountTradeExecution) => void;
  reject: (error: AppError) => void;
}

/** How a replica spaces its batch sends (see the file comment). */
export type BatchSpacing = { fixedMs: number } | { auto: { senders: () => number } };

/** The adaptive spacing never holds a batch longer than this. */
const MAX_AUTO_SPACING_MS = 1_000;
/** Weight of the latest send in the mean send time. */
const SEND_TIME_WEIGHT = 0.2;

/** The least time between the starts of two batches of this replica. */
export function batchSpacingMs(spacing: BatchSpacing, meanSendMs: number): number {
  if ('fixedMs' in spacing) return spacing.fixedMs;
  const senders = spacing.auto.senders();
  return senders <= 1 ? 0 : Math.min(MAX_AUTO_SPACING_MS, Math.round(senders * meanSendMs));
}

export function createTradeBatcher(
  writer: ChainWriter,
  options: { maxBatch: number; logger: Logger; spacing?: BatchSpacing },
): TradeBatcher {
  const waiting: Waiting[] = [];
  let delegated = false;
  let lastStartedAt = 0;
  let meanSendMs = 0;
  const spacing = options.spacing ?? { fixedMs: 0 };

  /** Sends `batch` and settles each of its trades; `onBroadcast` once its transaction is on its way. Never throws. */
  async function sendBatch(batch: Waiting[], onBroadcast: () => void): Promise<void> {
    try {
      if (!delegated) {
        // Nothing of the batch is sent before this: a failure here is the chain's, and every trade is retried.
        await ensureBatchDelegation(writer).catch((error: unknown) => {
          throw new AppError('DEPENDENCY_UNAVAILABLE', {
            detail: `The executor could not become a batch sender: ${toAppError(error).detail}`,
            cause: error,
          });
        });
        delegated = true;
      }
      const trades = batch.map((entry) => entry.trade);
      const results = await executeTradeBatch(writer, trades, { onSent: () => Promise.resolve(onBroadcast()) });
      // A batch that could not use the chain (node unreachable, or no delegation any more: simulateCallBatch) makes
      // the next one check the delegation again (one getCode).
      if (results.some((result) => result instanceof AppError && result.code === 'DEPENDENCY_UNAVAILABLE')) {
        delegated = false;
      }
      options.logger.debug({ event: 'trades.batch_sent', size: batch.length }, 'trade batch sent');
      batch.forEach((entry, index) => {
        const result = results[index] ?? new AppError('INTERNAL_ERROR', { detail: 'The batch lost this trade' });
        if (result instanceof AppError) entry.reject(result);
        else entry.resolve(result);
      });
    } catch (error) {
      delegated = false;
      for (const entry of batch) entry.reject(toAppError(error));
    }
  }

  // One batch at a time up to its broadcast; its receipt is awaited by its trades, not by the next batch.
  const sender = coalescedTask(
    async () => {
      // Sends at most one batch per interval: what arrives meanwhile joins the next one.
      const wait = lastStartedAt + batchSpacingMs(spacing, meanSendMs) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStartedAt = Date.now();
      const batch = waiting.splice(0, options.maxBatch);
      if (waiting.length > 0) sender.request();
      if (batch.length === 0) return;
      await new Promise<void>((broadcast) => void sendBatch(batch, broadcast).finally(broadcast));
      const sendMs = Date.now() - lastStartedAt;
      meanSendMs = meanSendMs === 0 ? sendMs : meanSendMs + SEND_TIME_WEIGHT * (sendMs - meanSendMs);
    },
    () => undefined,
  );

  return {
    submit(trade) {
      return new Promise<AccountTradeExecution>((resolve, reject) => {
        waiting.push({ trade, resolve, reject });
        // Trades made ready in the same turn of the event loop join one batch.
        if (waiting.length === 1) setImmediate(() => sender.request());
      });
    },
  };
}
