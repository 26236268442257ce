import { describe, expect, it } from '@jest/globals';
import { batchSpacingMs } from './trade-batcher.js';

const auto = (senders: number) => ({ auto: { senders: () => senders } });

describe('the spacing of one replica’s batch sends', () => {
  it('holds nothing back while this replica is the only sender', () => {
    expect(batchSpacingMs(auto(1), 40)).toBe(0);
    expect(batchSpacingMs(auto(0), 40)).toBe(0);
  });

  it('spaces the starts by the number of senders times the mean send time, so the replicas together send as often as one', () => {
    expect(batchSpacingMs(auto(3), 45)).toBe(135);
    expect(batchSpacingMs(auto(2), 12.4)).toBe(25);
  });

  it('never holds a batch more than a second, however slow the sends', () => {
    expect(batchSpacingMs(auto(12), 400)).toBe(1_000);
  });

  it('uses a fixed TRADE_BATCH_INTERVAL_MS as it is, whatever the senders', () => {
    expect(batchSpacingMs({ fixedMs: 250 }, 45)).toBe(250);
    expect(batchSpacingMs({ fixedMs: 0 }, 45)).toBe(0);
  });
});
