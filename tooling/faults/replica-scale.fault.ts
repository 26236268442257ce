/*
 * The production shape under faults (issue 29): three replicas of every deployable (trading API, public read API,
 * chain executor with a pool of three signers, webhook dispatcher) on one database, broker and Redis, under a mixed
 * load of trades through every trading-API replica, webhooks to a real local receiver, event streams and public
 * reads. One replica of each is SIGKILLed mid-load and started again.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { waitFor } from '../testing/messaging/wait-for.js';
import { leaderLockName } from '#shared/runtime/mysql-leader-lock.js';
import { USDC } from '../testing/chain-test-fixtures.js';
import { expectFaultHealed, expectTradesSettled } from './fault-invariants.js';
import { callTradingApi, startTradeBurst } from './fault-traders.js';
import { useFaultSuite } from './fault-suite.js';
import { openResumingStream, readThroughReplicas } from './replica-clients.js';

const REPLICAS = 3;
const suite = useFaultSuite({ replicas: REPLICAS });

/** The key's event ids in sequence order, and their sequence numbers. */
async function eventsOfKey(apiKeyId: string): Promise<Array<{ id: string; seq: number }>> {
  const rows: Array<{ id: string; seq: number | string }> = await suite.stack
    .db('webhook_events')
    .where('api_key_id', apiKeyId)
    .orderBy('seq')
    .select('id', 'seq');
  return rows.map((row) => ({ id: row.id, seq: Number(row.seq) }));
}

/** The MySQL connection holding a leader loop's lock in the stack's database, or null. */
async function leaderOf(role: string): Promise<number | null> {
  const [rows] = await suite.stack.db.raw('SELECT IS_USED_LOCK(?) AS holder', [leaderLockName(role, 'foretell')]);
  const holder: unknown = rows[0]?.holder;
  return holder === null || holder === undefined ? null : Number(holder);
}

/** The event ids the receiver got under `path`, each once, in the order first received. */
function firstDeliveries(path: string): string[] {
  const ids = suite.receiver.received(path).map((entry) => String(entry.headers['x-service-event-id']));
  return [...new Set(ids)];
}

describe('the fault suite: three replicas of every deployable', () => {
  it('one replica of each SIGKILLed mid-load and restarted: every trade once, webhooks in order per key, streams resume elsewhere, reads answered', async () => {
    const sets = suite.stack.replicaSets;
    const paths = ['/scale-a', '/scale-b', '/scale-c'];
    const traders = await Promise.all(paths.map((path) => suite.trader(path)));
    // Each trader's stream starts on a different replica: the first one's replica is about to be killed.
    const streams = await Promise.all(
      traders.map((trader, index) => openResumingStream(sets.tradingApi, index, trader.key)),
    );
    const bursts = traders.map((trader) =>
      startTradeBurst(suite.stack, trader, { count: 12, concurrency: 2, via: sets.tradingApi, deadlineMs: 120_000 }),
    );
    let reading = true;
    const readStatuses: number[] = [];
    const reads = (async () => {
      for (let turn = 0; reading; turn += 1) {
        readStatuses.push(await readThroughReplicas(sets.publicRead, turn, '/api/markets'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    await waitFor('a few trades to complete', async () => {
      const completed = await suite.stack.db('trades').where('status', 'completed').count({ n: '*' });
      return Number(completed[0]?.n) >= 6;
    });
    const killed = [sets.tradingApi[0], sets.executor[0], sets.dispatcher[0], sets.publicRead[0]].filter(
      (replica) => replica !== undefined,
    );
    await Promise.all(killed.map((replica) => replica.kill()));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.all(killed.map((replica) => replica.start()));

    const accepted = await Promise.all(bursts.map((burst) => burst.done));
    expect(accepted.map((burst) => burst.tradeIds.length)).toEqual([12, 12, 12]);
    await expectFaultHealed(suite, { status: 'completed', timeoutMs: 120_000 });
    reading = false;
    await reads;

    for (const [index, trader] of traders.entries()) {
      const stored = await eventsOfKey(trader.apiKeyId);
      // 12 trades, each announced (at least) as completed: webhooks at least once, in order per key.
      expect(stored.length).toBeGreaterThanOrEqual(12);
      expect(firstDeliveries(paths[index] ?? '')).toEqual(stored.map((event) => event.id));
      // The stream saw every event once, in order, across its reconnections.
      const stream = streams[index];
      if (!stream) throw new Error('a stream is missing');
      await waitFor('the stream to catch up', async () => stream.events().length >= stored.length, {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      await stream.stop();
      expect(stream.events().map((event) => Number(event.id))).toEqual(stored.map((event) => event.seq));
    }
    // The stream on the killed replica went on from another one.
    expect(streams[0]?.connections.length).toBeGreaterThan(1);
    expect(streams[0]?.connections.slice(1)).not.toContain(0);
    expect(readStatuses.length).toBeGreaterThan(10);
    expect(readStatuses.filter((status) => status !== 200)).toEqual([]);
  }, 300_000);

  it('the leader loops keep running: their leader SIGKILLed, another replica takes over and does the work', async () => {
    const executors = suite.stack.replicaSets.executor;
    const roles = ['trades:expire-confirmations', 'trades:reconcile'];
    // Find the replica leading the confirmation expiry: kill one at a time until its lock changes hands.
    let leader: (typeof executors)[number] | undefined;
    for (const replica of executors) {
      const holder = await leaderOf(roles[0] ?? '');
      await replica.kill();
      const freed = await waitFor(
        'the lock to be freed or kept',
        async () => {
          const now = await leaderOf(roles[0] ?? '');
          return now === holder ? false : true;
        },
        { timeoutMs: 2_000, intervalMs: 100 },
      ).catch(() => false);
      if (freed) {
        leader = replica;
        break;
      }
      await replica.start();
    }
    if (!leader) throw new Error('no executor replica leads the confirmation expiry');
    // Another replica takes every lock over within a round or two.
    for (const role of roles) {
      await waitFor(`${role} led again`, async () => (await leaderOf(role)) !== null, { timeoutMs: 10_000 });
    }
    // And does the work: a high-value trade left unconfirmed past its window fails CONFIRMATION_EXPIRED.
    const trader = await suite.trader('/scale-leader', { highValueThreshold: 5n * USDC, confirmationWindowS: 2 });
    const answer = await callTradingApi(suite.stack, trader, 'POST', '/v1/trades', {
      body: { marketId: suite.stack.marketId, outcomeIndex: 0, side: 'buy', amount: '10' },
      via: suite.stack.replicaSets.tradingApi[1],
    });
    expect(answer.status).toBe(202);
    const tradeId = String((answer.json.trade as { id: string }).id);
    const expired = await waitFor(
      'the unconfirmed trade to expire',
      async () => {
        const row = await suite.stack.db('trades').where('id', tradeId).first('status', 'error_code');
        return row?.status === 'failed' ? row : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(expired).toMatchObject({ status: 'failed', error_code: 'CONFIRMATION_EXPIRED' });
    await leader.start();
  });

  it('a key’s rate limit holds exactly across replicas: parallel requests spread over them admit the limit', async () => {
    const limit = 6;
    const trader = await suite.trader('/scale-limits', { rateLimitRpm: limit });
    const sets = suite.stack.replicaSets;
    const statuses = await Promise.all(
      Array.from({ length: limit * 3 }, (_, index) =>
        callTradingApi(suite.stack, trader, 'GET', '/v1/markets', { via: sets.tradingApi[index % REPLICAS] }),
      ),
    ).then((answers) => answers.map((answer) => answer.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(limit * 2);
  });

  it('behind the gateway, a client that fails 20 keys is locked out on every replica, and its neighbour is not', async () => {
    const sets = suite.stack.replicaSets;
    const badKey = { key: `svc_test_${'Q'.repeat(32)}` };
    // Google's load balancer appends `<client>,<itself>` after whatever the caller sent (here a forged entry).
    const from = (client: string, forged: string) => ({ 'X-Forwarded-For': `${forged},${client},34.120.0.9` });
    const failures = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        callTradingApi(suite.stack, badKey, 'GET', '/v1/portfolio', {
          via: sets.tradingApi[index % REPLICAS],
          headers: from('203.0.113.7', `10.0.0.${index}`),
        }),
      ),
    );
    expect(failures.map((answer) => answer.status)).toEqual(Array(20).fill(401));
    for (const replica of sets.tradingApi) {
      const locked = await callTradingApi(suite.stack, badKey, 'GET', '/v1/portfolio', {
        via: replica,
        headers: from('203.0.113.7', '198.51.100.1'),
      });
      expect([locked.status, locked.json.code]).toEqual([429, 'AUTH_LOCKED_OUT']);
      const neighbour = await callTradingApi(suite.stack, badKey, 'GET', '/v1/portfolio', {
        via: replica,
        headers: from('203.0.113.8', '203.0.113.7'),
      });
      expect(neighbour.status).toBe(401);
    }
  });

  it('trader controls in the deployed shape: a batch, limits, a deadline and cancels through the gateway, 2 s blocks', async () => {
    const sets = suite.stack.replicaSets;
    const { testClient } = suite.stack.fixture.chain;
    const trader = await suite.trader('/scale-controls', { highValueThreshold: 50n * USDC, confirmationWindowS: 60 });
    const via = (index: number) => ({
      via: sets.tradingApi[index % REPLICAS],
      headers: { 'X-Forwarded-For': `198.51.100.${index + 1},34.120.0.9` },
    });
    const buy = (amount: string, extra: Record<string, unknown> = {}) => ({
      marketId: suite.stack.marketId,
      outcomeIndex: 0,
      side: 'buy',
      amount,
      ...extra,
    });
    await testClient.setIntervalMining({ interval: 2 });
    try {
      const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
      const batch = await callTradingApi(suite.stack, trader, 'POST', '/v1/trades/batch', {
        body: {
          trades: [
            buy('1'),
            buy('2', { limitPrice: '0.99' }),
            buy('3', { limitPrice: '0.01' }),
            buy('4', { expiresAt }),
            buy('60'),
          ],
        },
        ...via(1),
      });
      const results = batch.json.results as Array<{ status: number; trade: { id: string } }>;
      expect([batch.status, ...results.map((result) => result.status)]).toEqual([200, 201, 201, 201, 201, 202]);
      const ids = results.map((result) => result.trade.id);
      // The high-value item is cancelled through another replica; a fresh trade is cancelled at once through a third.
      const cancelled = await callTradingApi(suite.stack, trader, 'POST', `/v1/trades/${ids[4]}/cancel`, via(2));
      expect([cancelled.status, (cancelled.json.trade as { errorCode: string }).errorCode]).toEqual([
        200,
        'TRADE_CANCELLED',
      ]);
      const raced = await callTradingApi(suite.stack, trader, 'POST', '/v1/trades', { body: buy('5'), ...via(0) });
      const racedId = (raced.json.trade as { id: string }).id;
      const cancel = await callTradingApi(suite.stack, trader, 'POST', `/v1/trades/${racedId}/cancel`, via(1));
      expect([200, 409]).toContain(cancel.status);

      const rows = await expectTradesSettled(suite.stack, [...ids, racedId], { timeoutMs: 90_000 });
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(ids.map((id) => [byId.get(id)?.status, byId.get(id)?.error_code ?? null])).toEqual([
        ['completed', null],
        ['completed', null],
        ['failed', 'PRICE_LIMIT_EXCEEDED'],
        ['completed', null],
        ['rejected', 'TRADE_CANCELLED'],
      ]);
      expect(byId.get(racedId)?.status).toBe(cancel.status === 200 ? 'rejected' : 'completed');
      // Read through a replica that created neither: the client's deadline, and the one an executor replica set.
      const shown = async (id: string | undefined) =>
        (await callTradingApi(suite.stack, trader, 'GET', `/v1/trades/${id}`, via(2))).json.trade as {
          expiresAt: string | null;
        };
      expect((await shown(ids[3])).expiresAt).toBe(expiresAt);
      expect((await shown(ids[0])).expiresAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    } finally {
      await testClient.setAutomine(true);
    }
    // Each completed trade executed once and nothing else did; the account holds its funding less what completed.
    await expectFaultHealed(suite);
  }, 180_000);

  it('the route kill switch flips every replica, and flips them back', async () => {
    const sets = suite.stack.replicaSets;
    const trader = await suite.trader('/scale-switch');
    const marketsOf = (replica: (typeof sets.tradingApi)[number]) =>
      callTradingApi(suite.stack, trader, 'GET', '/v1/markets', { via: replica });
    const publicMarkets = (replica: (typeof sets.publicRead)[number]) =>
      fetch(`${replica.url}/api/markets`).then((response) => response.status);

    writeFileSync(suite.stack.routeSwitchesFile, 'GET /v1/markets,GET /api/markets');
    await waitFor('every replica to refuse the switched routes', async () => {
      const api = await Promise.all(sets.tradingApi.map(marketsOf));
      const read = await Promise.all(sets.publicRead.map(publicMarkets));
      return [...api.map((answer) => answer.status), ...read].every((status) => status === 503);
    });
    const refused = await marketsOf(sets.tradingApi[1] ?? suite.stack.apps.tradingApi);
    expect(refused.json).toMatchObject({ code: 'ROUTE_DISABLED' });

    writeFileSync(suite.stack.routeSwitchesFile, '');
    await waitFor('every replica to serve them again', async () => {
      const api = await Promise.all(sets.tradingApi.map(marketsOf));
      const read = await Promise.all(sets.publicRead.map(publicMarkets));
      return [...api.map((answer) => answer.status), ...read].every((status) => status === 200);
    });
  });
});
