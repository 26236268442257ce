/*
 * The chain executor as a real process (its own main.ts, as `npm start` runs it) on MariaDB, RabbitMQ and anvil:
 * killed with SIGKILL in the middle of a burst of trades, then started again. Every trade ends completed, each with
 * exactly one on-chain execution and one `trade.completed` event: nothing lost, nothing doubled.
 */
import { describe, expect, it } from '@jest/globals';
import { anvilPrivateKey } from '#tooling/testing/chain-test-fixtures.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { useExecutorProcesses } from '#tooling/kits/chain-executor/executor-process-kit.js';

const executors = useExecutorProcesses();

const startExecutor = () =>
  executors.start({
    EXECUTOR_PRIVATE_KEY: anvilPrivateKey(1),
    STALLED_TRADE_AFTER_MS: '1500',
    RECONCILE_POLL_MS: '200',
  });

describe('the chain executor process', () => {
  it('killed mid-burst and restarted, completes every trade exactly once', async () => {
    const burst = await executors.burstTrader();
    const trades = await executors.publishBurst(burst, 40);

    const first = await startExecutor();
    await waitFor('a few trades to complete', async () => (await executors.completedCount(trades)) >= 5 || undefined, {
      timeoutMs: 60_000,
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(await executors.completedCount(trades)).toBeLessThan(trades.length);

    await startExecutor();
    await waitFor(
      'every trade to finish',
      async () => (await executors.completedCount(trades)) === trades.length || undefined,
      { timeoutMs: 60_000 },
    );
    await executors.expectEachExecutedOnce(burst.trader, trades);
  }, 150_000);
});
