import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { issueApiKey } from '../keys/issue-api-key.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { findTradeById, insertTrade } from '#shared/db/trades/trades.repository.js';
import type { TradeStatus } from '#shared/domain/trade-states.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { listTradeEvents } from '#shared/db/trade-events/trade-events.repository.js';
import { listWebhookEventsOfTrade } from '#shared/db/webhook-events/webhook-events.repository.js';
import { parseJsonColumn } from '#shared/db/transaction.js';
import { type TradeRecord } from '#shared/db/trades/trade-rows.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { exitCodes } from '../cli-output.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface RejectedJson {
  id: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
}

describe('foretell-admin trades reject', () => {
  let cli: AdminCliHarness;
  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  /** A trade in `status` of a fresh user's key (with a webhook URL unless told otherwise). */
  async function placeTrade(status: TradeStatus = 'pending', webhookUrl: string | null = 'https://hooks.test/in') {
    const db = cli.database.db;
    const user = await createUser(db, { email: `trades-${randomUUID()}@example.test` });
    const { record } = await issueApiKey(db, 'p'.repeat(32), { userId: user.id, tier: 'mm', env: 'test', webhookUrl });
    const market = await insertMarket(db, { question: 'Reject?', category: 'misc', outcomes: ['YES', 'NO'] });
    return insertTrade(db, {
      apiKeyId: record.id,
      userId: user.id,
      marketId: market.id,
      outcomeIndex: 1,
      side: 'buy',
      amount: '12.5',
      amountAtomic: 12_500_000n,
      requestHash: 'd'.repeat(64),
      status,
    });
  }

  const reject = (id: string, reason: string, ...extra: string[]) =>
    cli.runAudited(['--json', 'trades', 'reject', id, '--reason', reason, ...extra]);
  const jsonOf = <T>(out: string) => JSON.parse(out.trim()) as T;

  /** Outbox rows announcing an event of `trade`'s key. */
  async function outboxRowsOf(trade: TradeRecord) {
    const rows = (await cli.database.db('outbox').where({ exchange: EXCHANGES.events })) as Array<
      Record<string, unknown>
    >;
    return rows
      .map((row) => ({
        routingKey: row.routing_key,
        publishedAt: row.published_at,
        payload: parseJsonColumn<Record<string, unknown>>(row.payload),
      }))
      .filter((row) => row.payload.apiKeyId === trade.apiKeyId);
  }

  it('rejects a pending trade with the sanitised reason, its trace step, event, outbox message and audit entry', async () => {
    const trade = await placeTrade();
    const result = await reject(trade.id, '  Suspicious\n\tpattern\u202e  (ticket OPS-12) ', '--actor', 'ops:alice');

    expect(result.code).toBe(exitCodes.ok);
    const reason = 'Suspicious pattern (ticket OPS-12)';
    expect(jsonOf<RejectedJson>(result.out)).toEqual({
      id: trade.id,
      status: 'rejected',
      errorCode: 'TRADE_REJECTED_BY_OPERATOR',
      errorMessage: reason,
    });
    const stored = await findTradeById(cli.database.db, trade.id);
    expect(stored).toMatchObject({ status: 'rejected', errorCode: 'TRADE_REJECTED_BY_OPERATOR', errorMessage: reason });
    expect(stored?.finishedAt).toBeInstanceOf(Date);

    const trace = await listTradeEvents(cli.database.db, trade.correlationId);
    expect(trace.map((event) => [event.type, event.data])).toEqual([
      ['trade.rejected', { status: 'rejected', by: 'operator' }],
      [
        'webhook.event_recorded',
        { eventId: expect.stringMatching(/^evt_/), eventType: 'trade.rejected', delivery: 'pending' },
      ],
    ]);
    const events = await listWebhookEventsOfTrade(cli.database.db, trade.apiKeyId, trade.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'trade.rejected', status: 'pending' });
    expect(events[0]!.payload.data).toMatchObject({
      tradeId: trade.id,
      status: 'rejected',
      errorCode: 'TRADE_REJECTED_BY_OPERATOR',
      errorMessage: reason,
    });
    // Without a broker the announcement waits in the outbox for the executor's relay.
    expect(await outboxRowsOf(trade)).toEqual([
      {
        routingKey: 'trade.rejected',
        publishedAt: null,
        payload: { eventId: events[0]!.id, apiKeyId: trade.apiKeyId },
      },
    ]);

    expect(result.audits).toHaveLength(1);
    expect(result.audits[0]).toMatchObject({
      actor: 'ops:alice',
      action: 'trades.reject',
      targetType: 'trade',
      targetId: trade.id,
      outcome: 'success',
      details: { from: 'pending', to: 'rejected', errorCode: 'TRADE_REJECTED_BY_OPERATOR', reason },
    });
  });

  it('records the event without an outbox message when the key has no webhook URL, and prints human lines', async () => {
    const trade = await placeTrade('pending', null);
    const result = await cli.run(['trades', 'reject', trade.id, '--reason', 'duplicate order']);
    expect(result.code).toBe(exitCodes.ok);
    expect(result.out).toBe(
      `trade ${trade.id} is now rejected\n  code    TRADE_REJECTED_BY_OPERATOR\n  reason  duplicate order\n`,
    );
    const events = await listWebhookEventsOfTrade(cli.database.db, trade.apiKeyId, trade.id);
    expect(events.map((event) => [event.type, event.status])).toEqual([['trade.rejected', 'none']]);
    expect(await outboxRowsOf(trade)).toEqual([]);
  });

  it.each<TradeStatus>(['pending_confirmation', 'validating', 'executing', 'completed', 'failed', 'rejected'])(
    'refuses a %s trade with the conflict exit code and changes nothing',
    async (status) => {
      const trade = await placeTrade(status);
      const result = await reject(trade.id, 'too late');
      expect(result.code).toBe(exitCodes.conflict);
      const { error } = jsonOf<CliError>(result.out);
      expect(error.message).toBe(`Trade ${trade.id} is ${status}: only a pending trade can be rejected`);
      expect(await findTradeById(cli.database.db, trade.id)).toEqual(trade);
      expect(await listTradeEvents(cli.database.db, trade.correlationId)).toEqual([]);
      expect(await listWebhookEventsOfTrade(cli.database.db, trade.apiKeyId, trade.id)).toEqual([]);
      expect(await outboxRowsOf(trade)).toEqual([]);
      expect(result.audits).toHaveLength(1);
      expect(result.audits[0]).toMatchObject({
        action: 'trades.reject',
        outcome: error.code,
        details: { id: trade.id, reason: expect.stringContaining(`is ${status}`) },
      });
    },
  );

  it('lets only one of two concurrent rejections win', async () => {
    const trade = await placeTrade();
    const results = await Promise.all([
      cli.run(['--json', 'trades', 'reject', trade.id, '--reason', 'first']),
      cli.run(['--json', 'trades', 'reject', trade.id, '--reason', 'second']),
    ]);
    expect(results.map((result) => result.code).sort()).toEqual([exitCodes.ok, exitCodes.conflict]);
    const events = await listWebhookEventsOfTrade(cli.database.db, trade.apiKeyId, trade.id);
    expect(events.map((event) => event.type)).toEqual(['trade.rejected']);
  });

  it('answers an unknown trade id with RESOURCE_NOT_FOUND (exit 3), audited', async () => {
    const id = randomUUID();
    const result = await reject(id, 'gone');
    expect(result.code).toBe(exitCodes.notFound);
    expect(jsonOf<CliError>(result.out).error.code).toBe('RESOURCE_NOT_FOUND');
    expect(result.audits).toHaveLength(1);
    expect(result.audits[0]).toMatchObject({ action: 'trades.reject', outcome: 'RESOURCE_NOT_FOUND', details: { id } });
  });

  it('refuses an empty or over-long reason (exit 2) and leaves the trade pending', async () => {
    const trade = await placeTrade();
    for (const reason of [' \n\t ', 'x'.repeat(501)]) {
      const result = await reject(trade.id, reason);
      expect({ reason: reason.length, code: result.code }).toEqual({ reason: reason.length, code: exitCodes.usage });
      expect(jsonOf<CliError>(result.out).error.code).toBe('VALIDATION_FAILED');
      expect(result.audits.map((entry) => entry.outcome)).toEqual(['VALIDATION_FAILED']);
    }
    // A missing --reason is a usage error commander reports before anything runs.
    expect((await cli.run(['trades', 'reject', trade.id])).code).toBe(exitCodes.usage);
    expect((await findTradeById(cli.database.db, trade.id))?.status).toBe('pending');
  });
});
