/*
 * The chain RPC fails under a burst of trades: refused (the node is down: open connections reset, new ones refused)
 * and stalled (connections stay open but nothing comes back, the requests already sent included, which reach the
 * node late once it heals). The API answers 503 where it needs the chain, /ready says the chain is down, and once
 * the RPC is back every trade completes exactly once.
 */
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '../testing/messaging/wait-for.js';
import { expectBurstsCompleted, expectReportsDown, waitForCompletedTrades } from './fault-invariants.js';
import { startTradeBurst, tradeBurst, type Burst, type FaultTrader } from './fault-traders.js';
import { useFaultSuite } from './fault-suite.js';

const suite = useFaultSuite();

const firstCompleted = (buyer: FaultTrader) => waitForCompletedTrades(suite.stack, buyer, 1);
const expectRecovered = (bursts: Burst[]) => expectBurstsCompleted(suite, bursts);

/** Both the API and the executor report the chain down, and only the chain. */
async function expectChainNotReady(): Promise<void> {
  await expectReportsDown(suite.stack.apps.tradingApi, ['chain']);
  await expectReportsDown(suite.stack.apps.executor, ['chain']);
}

describe('the fault suite: chain RPC', () => {
  it('refused mid-burst: new trades get 503 DEPENDENCY_UNAVAILABLE, /ready reports the chain, and every trade completes once it is back', async () => {
    const buyer = await suite.trader('/rpc-refused');
    const before = tradeBurst(suite.stack, buyer, { count: 20, concurrency: 2 });
    await firstCompleted(buyer);
    await suite.stack.proxies.chain.refuse();
    await expectChainNotReady();
    const during = startTradeBurst(suite.stack, buyer, { count: 3 });
    await waitFor('a buy refused with 503 while the chain is down', () => during.live.statuses.includes(503));
    await suite.stack.proxies.chain.heal();

    const bursts = [await before, await during.done];
    expect(bursts.flatMap((burst) => burst.statuses).filter((status) => ![201, 503].includes(status))).toEqual([]);
    await expectRecovered(bursts);
  });

  it('slow, then stalled with transactions on their way (held, delivered late): the trades complete exactly once', async () => {
    const buyer = await suite.trader('/rpc-stalled');
    // A slow RPC first (150 ms each way), so that each trade spends a while on its chain calls.
    suite.stack.proxies.chain.latency(150);
    const before = tradeBurst(suite.stack, buyer, { count: 20, concurrency: 4 });
    // Stall while transactions are on their way: sends and receipts already written wait with everything else.
    const inFlight = await waitFor(
      'a trade on its way to the chain',
      async () => {
        const ids: string[] = await suite.stack
          .db('trades')
          .where('user_id', buyer.userId)
          .where('status', 'executing')
          .pluck('id');
        if (ids.length > 0) suite.stack.proxies.chain.stall();
        return ids.length > 0 ? ids : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    await expectChainNotReady();
    // Longer than a chain read's timeout (5 s); the held send reaches the node only after heal().
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await suite.stack.proxies.chain.heal();

    const bursts = [await before];
    expect(bursts[0]!.tradeIds).toEqual(expect.arrayContaining(inFlight));
    // A buy waiting on the stalled chain may get no answer in the client's 10 s (0): never a 500.
    expect(bursts.flatMap((burst) => burst.statuses).filter((status) => ![0, 201, 503].includes(status))).toEqual([]);
    await expectRecovered(bursts);
  });
});
