import { describe, expect, it } from '@jest/globals';
import { deliveryCountOf } from './consumer.js';

const message = (redelivered: boolean, headers?: Record<string, unknown>) => ({
  fields: { redelivered } as never,
  properties: { headers } as never,
});

describe('deliveryCountOf', () => {
  it('counts the first delivery as 1', () => {
    expect(deliveryCountOf(message(false, {}))).toBe(1);
    expect(deliveryCountOf(message(false))).toBe(1);
  });

  it('adds the quorum queue x-delivery-count of previous deliveries', () => {
    expect(deliveryCountOf(message(true, { 'x-delivery-count': 3 }))).toBe(4);
  });

  it('falls back to the redelivered flag without the header', () => {
    expect(deliveryCountOf(message(true, {}))).toBe(2);
  });
});
