import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../../../../apps/admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '../../config/config-fields.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { insertMarket } from '../markets/markets.repository.js';
import { appendTradeEvent, listTradeEvents } from '../trade-events/trade-events.repository.js';
import {
  findTradeById,
  findTradeOfUser,
  insertTrade,
  recordTradeTxHash,
  transitionTradeStatus,
} from './trades.repository.js';
import { sumTradeExposure } from './trade-lists.repository.js';
import { movedTrade, type TradeRecord } from './trade-rows.js';
import { createUser } from '../users/users.repository.js';

describe('trades repository', () => {
  let test: TestDatabase;
  let trade: TradeRecord;
  let tradeInput: () => Parameters<typeof insertTrade>[1];

  beforeAll(async () => {
    test = await createTestDatabase();
    const user = await createUser(test.db, { email: `trader-${Date.now()}@example.test` });
    const market = await insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: ['YES', 'NO'] });
    const { record: key } = await issueApiKey(test.db, DEVELOPMENT_PEPPER, {
      userId: user.id,
      tier: 'enterprise',
      env: 'test',
    });
    tradeInput = () => ({
      apiKeyId: key.id,
      userId: user.id,
      marketId: market.id,
      outcomeIndex: 0,
      side: 'sell' as const,
      amount: '0.000001',
      amountAtomic: 1n,
      requestHash: 'd'.repeat(64),
    });
    trade = await insertTrade(test.db, tradeInput());
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('reads a trade back only for the user who placed it', async () => {
    expect(await findTradeOfUser(test.db, trade.id, trade.userId)).toEqual(trade);
    expect(await findTradeOfUser(test.db, trade.id, '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11')).toBeNull();
    expect(trade).toMatchObject({ status: 'pending', amountAtomic: 1n, metadata: {}, tokensOut: null });
  });

  it('moves a trade only from the status it names, once however many callers race', async () => {
    const racing = await insertTrade(test.db, { ...tradeInput(), side: 'buy', amount: '2', amountAtomic: 2_000_000n });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => transitionTradeStatus(test.db, racing.id, 'pending', 'validating')),
    );
    expect(outcomes.filter((moved) => moved !== null)).toHaveLength(1);
    expect(await transitionTradeStatus(test.db, racing.id, 'pending', 'rejected')).toBeNull();
    expect(
      await transitionTradeStatus(test.db, racing.id, ['validating', 'executing'], 'failed', {
        errorCode: 'SLIPPAGE_EXCEEDED',
        errorMessage: 'moved',
      }),
    ).not.toBeNull();
    expect(await findTradeOfUser(test.db, racing.id, racing.userId)).toMatchObject({
      status: 'failed',
      errorCode: 'SLIPPAGE_EXCEEDED',
    });
  });

  it('sums, in one read, the key’s buys of the daily window and the user’s unfinished trades of the same side', async () => {
    const user = await createUser(test.db, { email: `exposure-${Date.now()}@example.test` });
    const { record: key } = await issueApiKey(test.db, DEVELOPMENT_PEPPER, {
      userId: user.id,
      tier: 'mm',
      env: 'test',
    });
    const now = new Date();
    const place = (fields: Partial<Parameters<typeof insertTrade>[1]> & { amountAtomic: bigint }) =>
      insertTrade(test.db, {
        ...tradeInput(),
        apiKeyId: key.id,
        userId: user.id,
        side: 'buy',
        amount: String(Number(fields.amountAtomic) / 1e6),
        createdAt: now,
        ...fields,
      });
    const openBuy = await place({ amountAtomic: 3_500_000n });
    await place({ amountAtomic: 9_000_000n, status: 'completed' });
    await place({ amountAtomic: 4_000_000n, createdAt: new Date(now.getTime() - 25 * 3_600_000) });
    await place({ amountAtomic: 2_000_000n, side: 'sell' });
    await place({ amountAtomic: 7_000_000n, side: 'sell', outcomeIndex: 1 });
    const query = { apiKeyId: key.id, userId: user.id, since: new Date(now.getTime() - 24 * 3_600_000) };
    const position = { marketId: trade.marketId, outcomeIndex: 0 };

    // Buys: the window holds 3.5 (open) + 9 (completed); the open buys hold 3.5 and 4 (older than the window).
    expect(await sumTradeExposure(test.db, { ...query, ...position, side: 'buy' })).toEqual({
      recentBuysOfKey: 12_500_000n,
      inFlightOfUser: 7_500_000n,
    });
    // Sells count only the unfinished sells of the same outcome.
    expect(await sumTradeExposure(test.db, { ...query, ...position, side: 'sell' })).toEqual({
      recentBuysOfKey: 12_500_000n,
      inFlightOfUser: 2_000_000n,
    });
    await transitionTradeStatus(test.db, openBuy.id, 'pending', 'rejected');
    expect(await sumTradeExposure(test.db, { ...query, ...position, side: 'buy' })).toEqual({
      recentBuysOfKey: 9_000_000n,
      inFlightOfUser: 4_000_000n,
    });
  });

  it('numbers concurrent appends of one timeline 1..n without gaps or collisions', async () => {
    const seqs = await Promise.all(
      Array.from({ length: 12 }, (_, index) => appendTradeEvent(test.db, trade, { type: 'step', data: { index } })),
    );
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    const events = await listTradeEvents(test.db, trade.correlationId);
    expect(events.map((event) => event.sequenceNumber)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  const traceSeqOf = async (id: string): Promise<number> =>
    Number((await test.db('trades').where({ id }).first('trace_seq')).trace_seq);

  it('answers an insert with exactly the trade a read gives, every column set', async () => {
    const inserted = await insertTrade(test.db, {
      ...tradeInput(),
      status: 'pending_confirmation',
      clientRequestId: `crid-${Date.now()}`,
      metadata: { b: '2', a: '1' },
      confirmationTokenHash: 'e'.repeat(64),
      confirmationExpiresAt: new Date('2026-11-26T10:00:00.123Z'),
      idempotencyKey: `idem-${Date.now()}`,
      simulation: 'revert',
      createdAt: new Date('2026-11-26T09:59:00.456Z'),
      traceSeq: 3,
    });
    expect(await findTradeById(test.db, inserted.id)).toEqual(inserted);
    expect(await traceSeqOf(inserted.id)).toBe(3);
  });

  it('reserves timeline numbers in the statement that moves the row, and nothing when the move does not happen', async () => {
    const moving = await insertTrade(test.db, { ...tradeInput(), traceSeq: 2 });
    expect(await appendTradeEvent(test.db, moving, { type: 'after-insert', data: {} })).toBe(3);
    await test.db.transaction(async (trx) => {
      expect(await transitionTradeStatus(trx, moving.id, 'pending', 'executing', {}, 2)).toBe(5);
      expect(await recordTradeTxHash(trx, moving.id, `0x${'ab'.repeat(32)}`, 1)).toBe(6);
    });
    expect(await transitionTradeStatus(test.db, moving.id, 'pending', 'failed', {}, 4)).toBeNull();
    expect(await transitionTradeStatus(test.db, moving.id, 'executing', 'completed')).toBe(6);
    expect(await recordTradeTxHash(test.db, moving.id, `0x${'ef'.repeat(32)}`, 1)).toBeNull();
    expect(await traceSeqOf(moving.id)).toBe(6);
    expect(await appendTradeEvent(test.db, moving, { type: 'late', data: {} })).toBe(7);
  });

  it('continues after steps a release without the counter numbered from MAX(seq), leaving trace_seq behind', async () => {
    // What a pod of the previous release writes during a roll-out or after a rollback: events, no counter.
    const older = await insertTrade(test.db, tradeInput());
    await test.db('trade_events').insert(
      [1, 2, 3].map((seq) => ({
        correlation_id: older.correlationId,
        trade_id: older.id,
        seq,
        type: 'old',
        data: '{}',
      })),
    );
    expect(await traceSeqOf(older.id)).toBe(0);
    expect(await transitionTradeStatus(test.db, older.id, 'pending', 'executing', {}, 2)).toBe(5);
    expect(await appendTradeEvent(test.db, older, { type: 'new', data: {} })).toBe(6);
    const events = await listTradeEvents(test.db, older.correlationId);
    expect(events.map((event) => event.sequenceNumber)).toEqual([1, 2, 3, 6]);
  });

  it('builds the moved trade equal to what a read gives', async () => {
    const before = await insertTrade(test.db, { ...tradeInput(), status: 'executing', traceSeq: 4 });
    const update = {
      txHash: `0x${'12'.repeat(32)}`,
      tokensOut: 1_234_567n,
      finishedAt: new Date('2026-11-26T08:00:00.5Z'),
    };
    const at = new Date();
    expect(await transitionTradeStatus(test.db, before.id, ['validating', 'executing'], 'completed', update, 3)).toBe(
      7,
    );
    const read = await findTradeById(test.db, before.id);
    expect(movedTrade(before, 'completed', update, at)).toEqual({ ...read, updatedAt: at });
  });
});
