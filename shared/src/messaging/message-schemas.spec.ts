import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { prefixedId } from '../ids/ids.js';
import { messageSchemas, redemptionJobSchema, tradeJobSchema, webhookEventMessageSchema } from './message-schemas.js';
import { EXCHANGES } from './topology.js';

describe('message schemas', () => {
  it('accepts a trade job with a uuid and rejects anything else', () => {
    expect(tradeJobSchema.parse({ tradeId: randomUUID() })).toEqual({ tradeId: expect.any(String) });
    expect(tradeJobSchema.safeParse({ tradeId: 'trade-1' }).success).toBe(false);
    expect(tradeJobSchema.safeParse({}).success).toBe(false);
  });

  it('accepts a redemption job with a uuid', () => {
    expect(redemptionJobSchema.safeParse({ redemptionId: randomUUID() }).success).toBe(true);
    expect(redemptionJobSchema.safeParse({ redemptionId: 42 }).success).toBe(false);
  });

  it('accepts a webhook event message with an evt_ id and an api key uuid', () => {
    const valid = { eventId: prefixedId('evt'), apiKeyId: randomUUID() };
    expect(webhookEventMessageSchema.safeParse(valid).success).toBe(true);
    expect(webhookEventMessageSchema.safeParse({ ...valid, eventId: prefixedId('req') }).success).toBe(false);
    expect(webhookEventMessageSchema.safeParse({ ...valid, eventId: 'evt_' }).success).toBe(false);
    expect(webhookEventMessageSchema.safeParse({ ...valid, apiKeyId: 'key' }).success).toBe(false);
  });

  it('has one schema for every exchange', () => {
    expect(Object.keys(messageSchemas).sort()).toEqual(Object.values(EXCHANGES).sort());
  });
});
