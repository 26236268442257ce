import { afterAll, describe, expect, it } from '@jest/globals';
import { createKnex, dropDatabase, withDatabase } from '#shared/db/create-knex.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { freePort } from '../testing/free-port.js';
import { deleteTestTopology } from '../testing/test-amqp.js';
import { suiteToken, testEnv, TEST_DATABASE_PREFIX } from '../testing/test-env.js';
import { dropLocalDatabaseUsers, prepareDatabase } from './prepare-database.js';
import { runNpmStart } from './run-npm-start.js';
import { canConnect } from './service-probes.js';

interface StackPorts {
  TRADING_API_PORT: number;
  PUBLIC_READ_PORT: number;
  CHAIN_EXECUTOR_PORT: number;
  WEBHOOK_DISPATCHER_PORT: number;
}

async function freePorts(): Promise<StackPorts> {
  return {
    TRADING_API_PORT: await freePort(),
    PUBLIC_READ_PORT: await freePort(),
    CHAIN_EXECUTOR_PORT: await freePort(),
    WEBHOOK_DISPATCHER_PORT: await freePort(),
  };
}

/** Reads until `done` holds for the value or `timeoutMs` passes; resolves with the last value read. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
const eventually = (check: () => Promise<boolean>, timeoutMs: number) => poll(check, Boolean, timeoutMs);

type Delivery = { status: string; attempts: number; lastStatusCode: number | null };
type TradeRead = { status: string; txHash: string | null; tokensOut: string | null; webhookDelivery?: Delivery };

/**
 * Places the buy of the trade curl npm start printed (its key, Idempotency-Key and body) at `v1`, with `headers`
 * beside them, and gives the trade with a reader of its current state.
 */
async function placePrintedTrade(output: string, v1: string, printedKey: string, headers: Record<string, string> = {}) {
  const post =
    /curl -X POST -H 'X-API-Key: (\S+)' -H 'Content-Type: application\/json' -H 'Idempotency-Key: (\S+)' -d '(\{[^']*\})' (\S+)/.exec(
      output,
    );
  expect(post?.[1]).toBe(printedKey);
  const placed = await fetch(`${v1}/trades`, {
    method: 'POST',
    headers: { ...headers, 'X-API-Key': printedKey, 'Content-Type': 'application/json', 'Idempotency-Key': post![2]! },
    body: post![3],
  });
  expect(placed.status).toBe(201);
  const { trade } = (await placed.json()) as { trade: { id: string } };
  const readTrade = async () =>
    (
      (await (await fetch(`${v1}/trades/${trade.id}`, { headers: { 'X-API-Key': printedKey } })).json()) as {
        trade: TradeRead;
      }
    ).trade;
  return { trade, readTrade, printedUrl: post![4] };
}

describe('npm start (the local stack)', () => {
  const token = suiteToken();
  const databaseUrl = withDatabase(testEnv.databaseUrl, `${TEST_DATABASE_PREFIX}${token}`);
  const amqpPrefix = `t${token.replace(/_/g, '')}.`;

  afterAll(async () => {
    await dropLocalDatabaseUsers(databaseUrl);
    await dropDatabase(databaseUrl);
    await deleteTestTopology(amqpPrefix);
  });

  const envOf = (ports: StackPorts): Record<string, string> =>
    Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)]));

  /** Runs `npm start`'s script and resolves once it prints that the stack is up. */
  async function startStack(env: Record<string, string>) {
    const stack = await runNpmStart(
      {
        DATABASE_URL: databaseUrl,
        AMQP_URL: testEnv.amqpUrl,
        AMQP_PREFIX: amqpPrefix,
        REDIS_URL: testEnv.redisUrl,
        REDIS_PREFIX: `test:${token}:`,
        LOG_LEVEL: 'warn',
        CHAIN_PORT: '0',
        ...env,
      },
      80_000,
    );
    return { child: stack.process.child, exited: stack.process.exited, output: stack.output };
  }

  it('migrates, loads demo data on the chain, brings every deployable up healthy, indexes the demo trades, prints a working demo API key and a trade curl that completes on chain, and stops cleanly on SIGTERM', async () => {
    const ports = await freePorts();
    const inboxPort = await freePort();
    const stack = await startStack({ ...envOf(ports), WEBHOOK_INBOX_PORT: String(inboxPort) });
    expect(stack.output()).toContain(`http://localhost:${ports.TRADING_API_PORT}/v1`);
    expect(stack.output()).toContain(`http://localhost:${ports.PUBLIC_READ_PORT}/api`);
    for (const port of Object.values(ports)) {
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready' });
    }
    // A demo enterprise key is printed with a curl example, and it authenticates against the trading API.
    const printed = /Demo API key +(svc_test_[0-9A-Za-z]{32})/.exec(stack.output())?.[1];
    expect(printed).toBeDefined();
    const curl = /curl -H 'X-API-Key: (svc_test_\w+)' (\S+)/.exec(stack.output());
    expect(curl?.[1]).toBe(printed);
    expect(curl?.[2]).toMatch(new RegExp(`^http://localhost:${ports.TRADING_API_PORT}/v1/markets/[0-9a-f-]{36}$`));
    const market = await fetch(curl![2]!.replace('localhost', '127.0.0.1'), { headers: { 'X-API-Key': printed! } });
    expect(market.status).toBe(200);
    const anonymous = await fetch(curl![2]!.replace('localhost', '127.0.0.1'));
    expect(anonymous.status).toBe(401);
    // The public read API recognises the same key (optional X-API-Key).
    const publicRead = await fetch(`http://127.0.0.1:${ports.PUBLIC_READ_PORT}/api/threads`, {
      headers: { 'X-API-Key': printed! },
    });
    expect(((await publicRead.json()) as { _meta: { authenticated: boolean } })._meta.authenticated).toBe(true);

    const db = createKnex({ databaseUrl, poolMax: 1 });
    try {
      const statuses = (await db('markets').distinct('status').pluck('status')) as string[];
      expect(statuses.sort()).toEqual(['CANCELLED', 'FROZEN', 'OPEN', 'RESOLVED']);
      // The chain executor's indexer turns the demo trades into recent trades and price history.
      const demoTrades = Number(/(\d+) demo trades/.exec(stack.output())?.[1]);
      expect(demoTrades).toBeGreaterThan(0);
      const rows = async (table: string) =>
        Number(((await db(table).count({ count: '*' })) as Array<{ count: number | string }>)[0]?.count);
      expect(
        await poll(
          () => rows('market_trades'),
          (indexed) => indexed >= demoTrades,
          10_000,
        ),
      ).toBe(demoTrades);
      expect(await rows('price_points')).toBe(demoTrades);
    } finally {
      await db.destroy();
    }

    // The printed trade curl places a buy that the chain executor completes on the local chain.
    const v1 = `http://127.0.0.1:${ports.TRADING_API_PORT}/v1`;
    const { trade, readTrade, printedUrl } = await placePrintedTrade(stack.output(), v1, printed!);
    expect(printedUrl).toBe(`http://localhost:${ports.TRADING_API_PORT}/v1/trades`);
    const final = await poll(readTrade, (read) => ['completed', 'failed'].includes(read.status), 20_000);
    expect(final).toMatchObject({ status: 'completed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(BigInt(final.tokensOut!)).toBeGreaterThan(0n);

    // Its trade.completed webhook reaches the local inbox, signed with the demo key's secret, and shows delivered.
    const inbox = /curl (http:\/\/127\.0\.0\.1:\d+\/webhooks)/.exec(stack.output())?.[1];
    expect(inbox).toBe(`http://127.0.0.1:${inboxPort}/webhooks`);
    type Inbox = { events: Array<{ type: string; verified: boolean; data: { tradeId?: string } }> };
    const completedWebhook = async () =>
      ((await (await fetch(inbox!)).json()) as Inbox).events.find(
        (event) => event.type === 'trade.completed' && event.data.tradeId === trade.id,
      );
    const received = await poll(completedWebhook, Boolean, 15_000);
    expect(received).toMatchObject({ verified: true, data: { tradeId: trade.id } });
    expect(stack.output()).toMatch(
      /\[webhook-inbox\] +trade\.completed evt_\w+ trade [0-9a-f-]{36} completed \(signature verified\)/,
    );
    // The trade's own webhookDelivery shows the same delivery (recorded right after the inbox answered).
    const delivered = await poll(readTrade, (read) => read.webhookDelivery?.status === 'delivered', 10_000);
    expect(delivered.webhookDelivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
    const deliveries = await fetch(`${v1}/webhooks/events?status=delivered`, { headers: { 'X-API-Key': printed! } });
    expect(
      ((await deliveries.json()) as { data: Array<{ tradeId: string }> }).data.map((event) => event.tradeId),
    ).toContain(trade.id);

    stack.child.kill('SIGTERM');
    expect(await stack.exited).toBe(0);
    expect(stack.output()).toContain('[local-stack] stopped');
    for (const port of Object.values(ports)) expect(await canConnect('127.0.0.1', port)).toBe(false);
  }, 120_000);

  it('with REPLICAS=2 and BLOCK_TIME=1 starts two processes of each deployable, replica 1 on port + 100, each executor replica with its own signer, restores the accounts of users left by earlier runs after start-up, mines a block a second, and completes a trade placed through replica 1 for a forwarded client', async () => {
    await prepareDatabase(databaseUrl, { seed: true });
    const db = createKnex({ databaseUrl, poolMax: 1 });
    try {
      for (let index = 0; index < 20; index += 1) {
        await createUser(db, { email: `replicas-${token}-${index}@bench.example` });
      }
    } finally {
      await db.destroy();
    }
    const ports = await freePorts();
    const stack = await startStack({
      ...envOf(ports),
      WEBHOOK_INBOX_PORT: String(await freePort()),
      REPLICAS: '2',
      BLOCK_TIME: '1',
    });
    try {
      for (const port of Object.values(ports)) {
        for (const replicaPort of [port, port + 100]) {
          expect(stack.output()).toContain(`http://localhost:${replicaPort}/`);
          expect((await fetch(`http://127.0.0.1:${replicaPort}/health`)).status).toBe(200);
        }
      }
      // Each chain-executor replica leases a key of its own: none waits for one.
      for (const port of [ports.CHAIN_EXECUTOR_PORT, ports.CHAIN_EXECUTOR_PORT + 100]) {
        const leased = await eventually(async () => {
          const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          return /^chain_executor_signer_leased(?:\{[^}]*\})? 1$/m.test(metrics);
        }, 15_000);
        expect(leased).toBe(true);
      }
      // The users of earlier runs wait for no start-up: they get their accounts once the stack is up.
      expect(await eventually(async () => /other users ready: \d+\/\d+ users/.test(stack.output()), 30_000)).toBe(true);
      expect(stack.output()).toMatch(/restoring the smart accounts of \d+ other users in the background/);

      // Once start-up's transactions are done, blocks keep coming with none sent: anvil mines on a clock.
      const rpcUrl = /Chain \(anvil\) +(http:\/\/127\.0\.0\.1:\d+) +chain id \d+ +a block every 1 s/.exec(
        stack.output(),
      )?.[1];
      expect(rpcUrl).toBeDefined();
      const blockNumber = async () => {
        const answer = await fetch(rpcUrl!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
        });
        return Number(((await answer.json()) as { result: string }).result);
      };
      const before = await blockNumber();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await blockNumber()).toBeGreaterThanOrEqual(before + 2);

      // A trade placed through replica 1 for a client behind the gateway waits for its block and completes.
      const printed = /Demo API key +(svc_test_[0-9A-Za-z]{32})/.exec(stack.output())?.[1];
      const v1 = `http://127.0.0.1:${ports.TRADING_API_PORT + 100}/v1`;
      const { readTrade } = await placePrintedTrade(stack.output(), v1, printed!, { 'X-Forwarded-For': '203.0.113.7' });
      const final = await poll(readTrade, (read) => ['completed', 'failed'].includes(read.status), 30_000);
      expect(final).toMatchObject({ status: 'completed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    } finally {
      stack.child.kill('SIGTERM');
    }
    expect(await stack.exited).toBe(0);
    for (const port of Object.values(ports)) {
      expect(await canConnect('127.0.0.1', port)).toBe(false);
      expect(await canConnect('127.0.0.1', port + 100)).toBe(false);
    }
  }, 150_000);
});
