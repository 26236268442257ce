/*
 * What must hold once a fault has healed, read from the real outcome: trade rows, the webhook event store and its
 * attempts, the receiver's log, the broker's queues and the chain.
 *   - every trade reaches exactly one terminal state, announced by exactly one terminal event;
 *   - no trade executes twice on-chain (TradeExecuted per trade id: 1 if completed, else 0);
 *   - no USDC is lost: each account paid exactly its completed buys, the market holds its reserve, and the smart
 *     accounts, markets, treasury and platform wallets together hold the token's whole supply;
 *   - every webhook event is delivered or terminally failed, its attempts recorded one row each;
 *   - no work queue holds a message and nothing was parked;
 *   - every deployable's /ready answers 200 again, each dependency ok.
 * `expectFaultHealed` asserts all of them over every trader of the file: each fault test ends with it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@jest/globals';
import { connect } from 'amqplib';
import type { Address } from 'viem';
import { marketAbi, smartAccountAbi, testUsdcAbi } from '../../shared/contracts/artifacts/index.js';
import { bytes32ToUuid } from '#shared/chain/ids-on-chain.js';
import { listWebhookEventsOfTrade } from '#shared/db/webhook-events/webhook-events.repository.js';
import { parkingQueueOf, physicalName, WORK_QUEUES } from '#shared/messaging/topology.js';
import { waitFor } from '../testing/messaging/wait-for.js';
import type { ManagedDeployable } from '../local-stack/deployable-stack.js';
import { FAULT_AMQP_PREFIX, type FaultStack } from './fault-stack.js';
import type { FaultSuite } from './fault-suite.js';
import type { Burst, FaultTrader } from './fault-traders.js';

const TERMINAL = ['completed', 'failed', 'rejected'];

interface TradeRow {
  id: string;
  status: string;
  error_code: string | null;
  user_id: string;
  api_key_id: string;
  amount_atomic: string;
}

/**
 * What a CI log needs to tell why trades did not settle: the unsettled rows, and the executors' warnings and errors
 * (the last 40 lines of their log).
 */
async function unsettledReport(stack: FaultStack, tradeIds: readonly string[]): Promise<string> {
  const unsettled: Array<Record<string, unknown>> = await stack
    .db('trades')
    .whereIn('id', tradeIds)
    .whereNotIn('status', TERMINAL)
    .select('id', 'status', 'updated_at', 'worker_seen_at', 'tx_hash', 'error_code');
  const logs = (await readdir(stack.directory)).filter((name) => name.startsWith('chain-executor'));
  const lines = await Promise.all(
    logs.map(async (name) => (await readFile(path.join(stack.directory, name), 'utf8')).split('\n')),
  );
  const troubles = lines.flat().filter((line) => /"level":(40|50|60)/.test(line) || /\b(warn|error)\b/.test(line));
  return [
    `unsettled trades (${unsettled.length}): ${JSON.stringify(unsettled)}`,
    `chain-executor warnings and errors (last 40 of ${logs.join(', ')}):`,
    ...troubles.slice(-40),
  ].join('\n');
}

/** Waits until every trade is terminal, then checks its event and its executions on-chain. Returns the rows. */
export async function expectTradesSettled(
  stack: FaultStack,
  tradeIds: readonly string[],
  options: { timeoutMs?: number; status?: string } = {},
): Promise<TradeRow[]> {
  const rows = await waitFor(
    `${tradeIds.length} trades to reach a terminal state`,
    async () => {
      const found: TradeRow[] = await stack.db('trades').whereIn('id', tradeIds).select();
      const settled = found.length === tradeIds.length && found.every((row) => TERMINAL.includes(row.status));
      return settled ? found : undefined;
    },
    { timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 200 },
  ).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await unsettledReport(stack, tradeIds)}`, { cause: error });
  });
  if (options.status) expect(rows.filter((row) => row.status !== options.status)).toEqual([]);
  for (const row of rows) {
    const events = await listWebhookEventsOfTrade(stack.db, row.api_key_id, row.id);
    const terminal = events.map((event) => event.type).filter((type) => TERMINAL.some((s) => type === `trade.${s}`));
    expect({ trade: row.id, terminal }).toEqual({ trade: row.id, terminal: [`trade.${row.status}`] });
  }
  return rows;
}

/** TradeExecuted events on the accounts, counted per trade id. */
async function executionsPerTrade(stack: FaultStack, accounts: readonly Address[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const account of accounts) {
    const logs = await stack.fixture.reader.publicClient.getContractEvents({
      address: account,
      abi: smartAccountAbi,
      eventName: 'TradeExecuted',
      fromBlock: 0n,
      strict: true,
    });
    for (const log of logs) {
      const id = bytes32ToUuid(log.args.tradeId);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Every trade of the traders so far: completed ones executed exactly once on-chain, the others never; each account
 * holds its funding minus its completed buys; the market's USDC is its reserve; and the supply is all accounted for.
 */
export async function expectChainBalanced(stack: FaultStack, traders: readonly FaultTrader[]): Promise<void> {
  const rows: TradeRow[] = await stack
    .db('trades')
    .whereIn(
      'user_id',
      traders.map((trader) => trader.userId),
    )
    .select();
  const executions = await executionsPerTrade(
    stack,
    traders.map((trader) => trader.account),
  );
  const wrong = rows.filter((row) => (executions.get(row.id) ?? 0) !== (row.status === 'completed' ? 1 : 0));
  expect(wrong.map((row) => ({ id: row.id, status: row.status, executions: executions.get(row.id) ?? 0 }))).toEqual([]);
  expect([...executions.keys()].filter((id) => !rows.some((row) => row.id === id))).toEqual([]);

  const client = stack.fixture.reader.publicClient;
  const usdc = stack.fixture.platform.usdc;
  const balanceOf = (account: Address) =>
    client.readContract({ address: usdc, abi: testUsdcAbi, functionName: 'balanceOf', args: [account] });
  for (const trader of traders) {
    const spent = rows
      .filter((row) => row.user_id === trader.userId && row.status === 'completed')
      .reduce((sum, row) => sum + BigInt(row.amount_atomic), 0n);
    expect({ account: trader.account, balance: await balanceOf(trader.account) }).toEqual({
      account: trader.account,
      balance: trader.funding - spent,
    });
  }
  const reserve = await client.readContract({ address: stack.market, abi: marketAbi, functionName: 'reserve' });
  // The contract keeps its reserve in WAD (18 decimals); USDC has 6.
  expect((await balanceOf(stack.market)) * 10n ** 12n).toBe(reserve);
  const holders = [
    ...traders.map((trader) => trader.account),
    stack.market,
    stack.fixture.treasury,
    stack.fixture.admin.account.address,
    stack.fixture.executor.account.address,
  ];
  let held = 0n;
  for (const holder of holders) held += await balanceOf(holder);
  expect(held).toBe(await client.readContract({ address: usdc, abi: testUsdcAbi, functionName: 'totalSupply' }));
}

interface EventRow {
  id: string;
  status: string;
  attempts: number;
  terminal_failure_at: Date | null;
}

/**
 * Waits until every webhook event of the keys is delivered or terminally failed; each has as many attempt rows as
 * attempts, and each delivered one reached the receiver (`receivedIds`, from its X-Service-Event-Id headers).
 */
export async function expectWebhooksSettled(
  stack: FaultStack,
  apiKeyIds: readonly string[],
  receivedIds: () => ReadonlySet<string>,
  timeoutMs = 60_000,
): Promise<EventRow[]> {
  const events = await waitFor(
    'every webhook event delivered or terminally failed',
    async () => {
      const found: EventRow[] = await stack
        .db('webhook_events')
        .whereIn('api_key_id', apiKeyIds)
        .whereNot('status', 'none')
        .select('id', 'status', 'attempts', 'terminal_failure_at');
      return found.every((row) => row.status === 'delivered' || row.status === 'failed') ? found : undefined;
    },
    { timeoutMs, intervalMs: 200 },
  );
  const attemptRows: Array<{ event_id: string; count: number | string }> = await stack
    .db('webhook_attempts')
    .whereIn(
      'event_id',
      events.map((event) => event.id),
    )
    .groupBy('event_id')
    .select('event_id')
    .count({ count: '*' });
  const recorded = new Map(attemptRows.map((row) => [row.event_id, Number(row.count)]));
  const received = receivedIds();
  for (const event of events) {
    expect({ id: event.id, attempts: recorded.get(event.id) ?? 0 }).toEqual({ id: event.id, attempts: event.attempts });
    expect(event.attempts).toBeGreaterThanOrEqual(1);
    if (event.status === 'failed') expect(event.terminal_failure_at).not.toBeNull();
    else expect({ id: event.id, received: received.has(event.id) }).toEqual({ id: event.id, received: true });
  }
  return events;
}

/** Waits until no work queue holds a ready message, then checks that nothing was parked. */
export async function expectQueuesDrained(stack: FaultStack, timeoutMs = 30_000): Promise<void> {
  const connection = await connect(stack.services.rabbitmq.url);
  try {
    const channel = await connection.createChannel();
    const count = async (queue: string) =>
      (await channel.checkQueue(physicalName(FAULT_AMQP_PREFIX, queue))).messageCount;
    await waitFor(
      'the work queues to drain',
      async () => {
        for (const { queue } of WORK_QUEUES) if ((await count(queue)) > 0) return false;
        return true;
      },
      { timeoutMs, intervalMs: 200 },
    );
    for (const { queue } of WORK_QUEUES)
      expect({ queue, parked: await count(parkingQueueOf(queue)) }).toEqual({
        queue,
        parked: 0,
      });
  } finally {
    await connection.close();
  }
}

/** Waits until the app's /ready answers 503 reporting exactly the `down` dependencies failing, the others ok. */
export async function expectReportsDown(app: ManagedDeployable, down: readonly string[]): Promise<void> {
  const report = await waitFor(`${app.name} to report ${down.join(', ')} down`, async () => {
    const ready = await app.ready();
    return ready.status === 503 && down.every((name) => ready.checks[name] === 'fail') ? ready : undefined;
  });
  const failing = Object.entries(report.checks).filter(([, status]) => status !== 'ok');
  expect(failing.map(([name]) => name).sort()).toEqual([...down].sort());
}

/** Waits until every deployable's /ready answers 200 (readiness as documented once the fault is gone). */
export async function expectEveryAppReady(stack: FaultStack, timeoutMs = 60_000): Promise<void> {
  const apps = Object.values(stack.apps);
  await Promise.all(apps.map((app) => app.waitUntilReady(timeoutMs)));
  for (const app of apps) {
    const report = await app.ready();
    const failing = Object.entries(report.checks).filter(([, status]) => status !== 'ok');
    expect({ app: app.name, status: report.status, failing }).toEqual({ app: app.name, status: 200, failing: [] });
  }
}

/**
 * The whole invariant set once a fault has healed, over every trader the file created (not only the last burst):
 * every deployable ready; every trade of theirs terminal (`status` when given) with exactly one terminal event;
 * completed trades executed exactly once on-chain and the USDC balanced; every webhook event of their keys delivered
 * or terminally failed with its attempts recorded; the work queues drained and nothing parked.
 */
export async function expectFaultHealed(
  suite: Pick<FaultSuite, 'stack' | 'traders' | 'receivedIds'>,
  options: { status?: string; timeoutMs?: number } = {},
): Promise<void> {
  const { stack, traders } = suite;
  const timeoutMs = options.timeoutMs ?? 90_000;
  await expectEveryAppReady(stack);
  const tradeIds: string[] = await stack
    .db('trades')
    .whereIn(
      'user_id',
      traders.map((trader) => trader.userId),
    )
    .pluck('id');
  await expectTradesSettled(stack, tradeIds, { status: options.status, timeoutMs });
  await expectChainBalanced(stack, traders);
  await expectWebhooksSettled(
    stack,
    traders.map((trader) => trader.apiKeyId),
    () => suite.receivedIds(),
    timeoutMs,
  );
  await expectQueuesDrained(stack);
}

/** Every accepted buy of the bursts completed, and the whole invariant set holds over every trader of the file. */
export async function expectBurstsCompleted(
  suite: Pick<FaultSuite, 'stack' | 'traders' | 'receivedIds'>,
  bursts: readonly Burst[],
): Promise<void> {
  await expectTradesSettled(
    suite.stack,
    bursts.flatMap((burst) => burst.tradeIds),
    { status: 'completed', timeoutMs: 90_000 },
  );
  await expectFaultHealed(suite, { status: 'completed' });
}

/** Waits until `count` of the trader's trades have completed. */
export async function waitForCompletedTrades(stack: FaultStack, trader: FaultTrader, count: number): Promise<void> {
  await waitFor(`${count} trades to complete`, async () => {
    const rows = await stack.db('trades').where({ user_id: trader.userId, status: 'completed' }).pluck('id');
    return rows.length >= count;
  });
}
