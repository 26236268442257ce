/* POST /v1/redemptions against real MariaDB, RabbitMQ and anvil: claimability, open-claim duplicates, scope. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectDescribed } from '#tooling/kits/trading-api/suite-kit.js';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { cancelMarket, resolveMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { createListedFixtureMarket, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { QUEUES } from '#shared/messaging/topology.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { describeRouteSecurity } from '#tooling/kits/trading-api/security-suite.js';
import {
  callAs,
  createCaller,
  insertTestMarket,
  startTradingApiKit,
  type TestCaller,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { startTradingChainKit, type TradingChainKit } from '#tooling/kits/trading-api/trading-chain-kit.js';

let messaging: TestMessaging;
let chainKit: TradingChainKit;
const spec = createResponseValidator();
const securityMarketId = randomUUID();

beforeAll(async () => {
  messaging = await createTestMessaging();
  chainKit = await startTradingChainKit({ amqp: messaging.createManager() });
  await insertTestMarket(db(), { id: securityMarketId });
}, 60_000);
afterAll(async () => {
  await chainKit?.close();
  await messaging?.destroy();
});

const db = () => chainKit.kit.database.db;
type Trader = TestCaller & { account: Address };
const post = (caller: TestCaller, body: unknown) => callAs(chainKit.kit, caller, 'POST', '/v1/redemptions', { body });

/** A fresh on-chain market where `trader` bought each listed outcome for 10 USDC, then settled as asked. */
async function positionOn(settle: { winners: number[] } | 'cancelled' | 'open', buys: number[] = [0]) {
  const { fixture } = chainKit;
  const trader: Trader = await chainKit.createTrader();
  const { marketId, market } = await createListedFixtureMarket(fixture, db(), {
    question: 'Settled?',
    category: 'chain',
  });
  for (const outcomeIndex of buys) {
    await chainKit.buyOnChain(trader.account, { market, outcomeIndex, usdcIn: 10n * USDC });
  }
  if (settle === 'cancelled') await cancelMarket(fixture.admin, market);
  else if (settle !== 'open') await resolveMarket(fixture.admin, { market, winners: settle.winners });
  return { trader, marketId };
}

const outboxJobsOf = async (redemptionId: string) =>
  db()('outbox').whereRaw("JSON_EXTRACT(payload, '$.redemptionId') = ?", [redemptionId]);

function expectProblem(response: Awaited<ReturnType<typeof post>>, status: number, code: string, reason?: string) {
  expect({ status: response.status, code: response.json.code }).toEqual({ status, code });
  expect(spec.errors(response.json, 'createRedemption', status)).toEqual([]);
  if (reason) expect(response.json.extensions).toMatchObject({ reason });
}

describe('POST /v1/redemptions', () => {
  it('opens a claim of a winning position (201, pending) with the executor’s job in the outbox', async () => {
    const { trader, marketId } = await positionOn({ winners: [0] });
    const response = await post(trader, { marketId, outcomeIndex: 0 });
    expectDescribed(spec, response, 'createRedemption', 201);
    const redemption = response.json.redemption as Record<string, unknown>;
    expect(response.json.data).toEqual(redemption);
    expect(redemption).toMatchObject({
      marketId,
      outcomeIndex: 0,
      status: 'pending',
      tokens: null,
      payout: null,
      txHash: null,
      settledAt: null,
    });
    expect(response.json._meta).toMatchObject({ idempotent: false });
    const row = await db()('redemptions').where({ id: redemption.id }).first();
    expect(row).toMatchObject({ user_id: trader.userId, api_key_id: trader.record.id, status: 'pending' });
    const jobs = await outboxJobsOf(String(redemption.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ exchange: 'redemptions', routing_key: 'redemption.requested' });
    const queued = (await messaging.drainQueue(QUEUES.chainExecutorRedemptions)).map((message) =>
      JSON.parse(message.content.toString()),
    );
    expect(queued).toContainEqual({ redemptionId: redemption.id });
  });

  it('refunds any held outcome of a cancelled market', async () => {
    const { trader, marketId } = await positionOn('cancelled', [1]);
    const response = await post(trader, { marketId, outcomeIndex: 1 });
    expect(response.status).toBe(201);
  });

  it('answers a duplicate while the claim is open with 200 and the original claim, idempotent', async () => {
    const { trader, marketId } = await positionOn({ winners: [0] });
    const first = await post(trader, { marketId, outcomeIndex: 0 });
    const again = await post(trader, { marketId, outcomeIndex: 0 });
    expectDescribed(spec, again, 'createRedemption', 200);
    expect(again.json.redemption).toEqual(first.json.redemption);
    expect(again.json._meta).toMatchObject({ idempotent: true });
    // Still answered from the open claim while it executes (the chain balance may already be gone by then).
    await db()('redemptions')
      .where({ id: (first.json.redemption as { id: string }).id })
      .update({ status: 'executing' });
    const executing = await post(trader, { marketId, outcomeIndex: 0 });
    expect(executing.status).toBe(200);
    expect(executing.json.redemption).toMatchObject({ status: 'executing' });
  });

  it('creates exactly one claim for 10 concurrent identical requests: one 201, nine 200 with the same claim', async () => {
    const { trader, marketId } = await positionOn({ winners: [0] });
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(trader, { marketId, outcomeIndex: 0 })));
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((response) => (response.json.redemption as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(await db()('redemptions').where({ user_id: trader.userId, market_id: marketId })).toHaveLength(1);
    expect(await outboxJobsOf([...ids][0]!)).toHaveLength(1);
  });

  it('opens a new claim once the earlier one has settled', async () => {
    const { trader, marketId } = await positionOn({ winners: [0] });
    const first = await post(trader, { marketId, outcomeIndex: 0 });
    const id = (first.json.redemption as { id: string }).id;
    await db()('redemptions').where({ id }).update({ status: 'failed', open_claim_key: null });
    const second = await post(trader, { marketId, outcomeIndex: 0 });
    expect(second.status).toBe(201);
    expect((second.json.redemption as { id: string }).id).not.toBe(id);
  });

  it('answers 409 POSITION_NOT_CLAIMABLE for an open market, a losing outcome, nothing held, no smart account', async () => {
    const open = await positionOn('open');
    expectProblem(
      await post(open.trader, { marketId: open.marketId, outcomeIndex: 0 }),
      409,
      'POSITION_NOT_CLAIMABLE',
      'not_settled',
    );
    const resolved = await positionOn({ winners: [0] }, [0, 1]);
    const losing = await post(resolved.trader, { marketId: resolved.marketId, outcomeIndex: 1 });
    expectProblem(losing, 409, 'POSITION_NOT_CLAIMABLE', 'losing_outcome');
    const emptyHanded = await chainKit.createTrader();
    const nothing = await post(emptyHanded, { marketId: resolved.marketId, outcomeIndex: 0 });
    expectProblem(nothing, 409, 'POSITION_NOT_CLAIMABLE', 'nothing_held');
    const accountless = await createCaller(chainKit.kit);
    const none = await post(accountless, { marketId: resolved.marketId, outcomeIndex: 0 });
    expectProblem(none, 409, 'POSITION_NOT_CLAIMABLE', 'no_smart_account');
    expect(await db()('redemptions').where({ market_id: resolved.marketId, outcome_index: 1 })).toHaveLength(0);
  });

  it('never answers with another user’s claim: a stranger’s request is judged on their own position', async () => {
    const { trader, marketId } = await positionOn({ winners: [0] });
    const owner = await post(trader, { marketId, outcomeIndex: 0 });
    expect(owner.status).toBe(201);
    const stranger = await chainKit.createTrader();
    expectProblem(await post(stranger, { marketId, outcomeIndex: 0 }), 409, 'POSITION_NOT_CLAIMABLE', 'nothing_held');
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown market and 400 VALIDATION_FAILED for an outcome it lacks', async () => {
    const trader = await chainKit.createTrader();
    expectProblem(await post(trader, { marketId: randomUUID(), outcomeIndex: 0 }), 404, 'RESOURCE_NOT_FOUND');
    const outOfRange = await post(trader, { marketId: chainKit.marketId, outcomeIndex: 2 });
    expectProblem(outOfRange, 400, 'VALIDATION_FAILED');
    for (const body of [
      { marketId: chainKit.marketId },
      { marketId: 'nope', outcomeIndex: 0 },
      { marketId: chainKit.marketId, outcomeIndex: -1 },
    ]) {
      expectProblem(await post(trader, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('answers 404 REDEMPTIONS_NOT_ENABLED when self-service redemption is off', async () => {
    const kit = await startTradingApiKit({ redemptionsEnabled: false });
    try {
      const caller = await createCaller(kit);
      const response = await callAs(kit, caller, 'POST', '/v1/redemptions', {
        body: { marketId: randomUUID(), outcomeIndex: 0 },
      });
      expectProblem(response, 404, 'REDEMPTIONS_NOT_ENABLED');
    } finally {
      await kit.close();
    }
  });

  describe('security', () => {
    describeRouteSecurity(() => chainKit.kit, {
      method: 'POST',
      path: '/v1/redemptions',
      scope: 'trades:write',
      body: { marketId: securityMarketId, outcomeIndex: 0 },
      // A fresh caller has no smart account: the handler's own answer.
      allowedStatus: 409,
    });
  });
});
