import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import {
  countRows,
  insertApiKeyRow,
  insertIdempotencyKeyRow,
  insertKeyedUserRows,
  insertMarketRow,
  insertMarketTradeRow,
  insertOpenRedemptionRow,
  insertTradeRow,
  insertUserRow,
  mysqlErrorCode,
  sha256Hex,
} from './constraint-test-rows.js';

describe('schema constraints', () => {
  let test: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
  });

  afterAll(async () => {
    await test.destroy();
  });

  describe('api keys', () => {
    it('rejects a second key with the same key hash, even for another user', async () => {
      const keyHash = sha256Hex(randomUUID());
      await insertApiKeyRow(db, await insertUserRow(db), keyHash);
      const otherUser = await insertUserRow(db);
      expect(await mysqlErrorCode(insertApiKeyRow(db, otherUser, keyHash))).toBe('ER_DUP_ENTRY');
    });

    it('rejects a key for a user that does not exist', async () => {
      expect(await mysqlErrorCode(insertApiKeyRow(db, randomUUID()))).toBe('ER_NO_REFERENCED_ROW_2');
    });
  });

  describe('trades', () => {
    it('rejects a duplicate clientRequestId under the same key but accepts it under another key', async () => {
      const { userId, apiKeyId: firstKey } = await insertKeyedUserRows(db);
      const [marketId, secondKey] = [await insertMarketRow(db), await insertApiKeyRow(db, userId)];
      await insertTradeRow(db, { apiKeyId: firstKey, userId, marketId, clientRequestId: 'order-1' });

      const duplicate = insertTradeRow(db, { apiKeyId: firstKey, userId, marketId, clientRequestId: 'order-1' });
      expect(await mysqlErrorCode(duplicate)).toBe('ER_DUP_ENTRY');
      await expect(
        insertTradeRow(db, { apiKeyId: secondKey, userId, marketId, clientRequestId: 'order-1' }),
      ).resolves.toEqual(expect.any(String));
    });

    it('treats clientRequestId case-sensitively and allows any number of trades without one', async () => {
      const { userId, apiKeyId } = await insertKeyedUserRows(db);
      const marketId = await insertMarketRow(db);
      await insertTradeRow(db, { apiKeyId, userId, marketId, clientRequestId: 'Order-A' });
      await insertTradeRow(db, { apiKeyId, userId, marketId, clientRequestId: 'order-a' });
      await insertTradeRow(db, { apiKeyId, userId, marketId });
      await insertTradeRow(db, { apiKeyId, userId, marketId });
      expect(await countRows(db, 'trades', { api_key_id: apiKeyId })).toBe(4);
    });

    it('round-trips a WAD-18 token amount far above the BIGINT range exactly', async () => {
      const { userId, apiKeyId } = await insertKeyedUserRows(db);
      const tokensOut = '123456789012345678901234567890123456789';
      const id = await insertTradeRow(db, { apiKeyId, userId, marketId: await insertMarketRow(db), tokensOut });
      const row = await db('trades').where({ id }).first('tokens_out');
      expect(row).toEqual({ tokens_out: tokensOut });
    });

    it('rejects a second trade event with the same sequence number for one correlation id', async () => {
      const { userId, apiKeyId } = await insertKeyedUserRows(db);
      const tradeId = await insertTradeRow(db, { apiKeyId, userId, marketId: await insertMarketRow(db) });
      const { correlation_id: correlationId } = await db('trades').where('id', tradeId).first('correlation_id');
      const event = (seq: number) => ({
        correlation_id: correlationId,
        trade_id: tradeId,
        seq,
        type: 'trade.created',
        data: '{}',
      });
      await db('trade_events').insert(event(1));
      await db('trade_events').insert(event(2));
      expect(await mysqlErrorCode(db('trade_events').insert(event(2)))).toBe('ER_DUP_ENTRY');
    });
  });

  describe('idempotency keys', () => {
    it('rejects a duplicate Idempotency-Key under the same API key but accepts it under another key', async () => {
      const { userId, apiKeyId: firstKey } = await insertKeyedUserRows(db);
      const secondKey = await insertApiKeyRow(db, userId);
      await insertIdempotencyKeyRow(db, firstKey, 'idem-123');
      expect(await mysqlErrorCode(insertIdempotencyKeyRow(db, firstKey, 'idem-123'))).toBe('ER_DUP_ENTRY');
      await expect(insertIdempotencyKeyRow(db, secondKey, 'idem-123')).resolves.toBeUndefined();
      await expect(insertIdempotencyKeyRow(db, firstKey, 'IDEM-123')).resolves.toBeUndefined();
    });
  });

  describe('redemptions', () => {
    it('rejects a second open claim for the same user, market and outcome', async () => {
      const claim = { userId: await insertUserRow(db), marketId: await insertMarketRow(db), outcomeIndex: 0 };
      await insertOpenRedemptionRow(db, claim);
      expect(await mysqlErrorCode(insertOpenRedemptionRow(db, claim))).toBe('ER_DUP_ENTRY');
    });

    it('accepts a new open claim once the previous one has settled', async () => {
      const claim = { userId: await insertUserRow(db), marketId: await insertMarketRow(db), outcomeIndex: 1 };
      const first = await insertOpenRedemptionRow(db, claim);
      await db('redemptions')
        .where('id', first)
        .update({ status: 'completed', open_claim_key: null, settled_at: new Date() });
      const second = await insertOpenRedemptionRow(db, claim);
      await db('redemptions').where('id', second).update({ status: 'failed', open_claim_key: null });
      await insertOpenRedemptionRow(db, claim);
      expect(await countRows(db, 'redemptions', { user_id: claim.userId })).toBe(3);
    });

    it('allows simultaneous open claims for other outcomes and other users', async () => {
      const userId = await insertUserRow(db);
      const marketId = await insertMarketRow(db);
      await insertOpenRedemptionRow(db, { userId, marketId, outcomeIndex: 0 });
      await insertOpenRedemptionRow(db, { userId, marketId, outcomeIndex: 1 });
      await insertOpenRedemptionRow(db, { userId: await insertUserRow(db), marketId, outcomeIndex: 0 });
      expect(await countRows(db, 'redemptions', { market_id: marketId })).toBe(3);
    });
  });

  describe('indexed chain trades', () => {
    it('rejects the same (tx_hash, log_index) twice and accepts another log of the same transaction', async () => {
      const marketId = await insertMarketRow(db);
      const txHash = `0x${sha256Hex(randomUUID())}`;
      await insertMarketTradeRow(db, marketId, txHash, 3);
      expect(await mysqlErrorCode(insertMarketTradeRow(db, marketId, txHash, 3))).toBe('ER_DUP_ENTRY');
      await expect(insertMarketTradeRow(db, marketId, txHash, 4)).resolves.toBeUndefined();
    });
  });

  describe('webhook events', () => {
    it('rejects a second event with the same sequence number for one API key', async () => {
      const { userId, apiKeyId } = await insertKeyedUserRows(db);
      const otherKeyId = await insertApiKeyRow(db, userId);
      const event = (keyId: string, id: string) => ({
        id,
        api_key_id: keyId,
        seq: 1,
        type: 'trade.completed',
        api_version: '2026-04-29',
        payload: '{}',
      });
      await db('webhook_events').insert(event(apiKeyId, 'evt_000000000001aaaaaaaaaaaaaaaa'));
      const duplicate = db('webhook_events').insert(event(apiKeyId, 'evt_000000000001bbbbbbbbbbbbbbbb'));
      expect(await mysqlErrorCode(duplicate)).toBe('ER_DUP_ENTRY');
      // evt_ ids are case-sensitive: the upper-case twin of an existing id is a different event.
      await db('webhook_events').insert(event(otherKeyId, 'evt_000000000001AAAAAAAAAAAAAAAA'));
    });
  });
});
