/* Open-stream slots against real Redis, on an injected clock: the cap, the leases, and the refusal's retry hint. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { suiteToken } from '#tooling/testing/test-env.js';
import { createStreamSlots, retryAfterSeconds, type StreamSlot, type StreamSlotAnswer } from './stream-slots.js';

const LEASE_MS = 45_000;
let testRedis: TestRedis;

beforeAll(async () => {
  testRedis = await createTestRedis();
});
afterAll(async () => {
  await testRedis.destroy();
});

/** Slots of one fresh owner on a clock the test moves (Redis keys still expire on real time, far later). */
function slotsOnClock() {
  let clock = Date.now();
  const slots = createStreamSlots({
    redis: testRedis.redis,
    namespace: 'streams:test',
    leaseMs: LEASE_MS,
    now: () => clock,
  });
  const owner = `owner-${suiteToken()}`;
  return {
    take: (max = 2) => slots.take(owner, max),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const slotOf = (answer: StreamSlotAnswer): StreamSlot => {
  if (answer.slot === null) throw new Error(`expected a slot, got a refusal (retry in ${answer.retryAfterMs} ms)`);
  return answer.slot;
};

describe('createStreamSlots', () => {
  it('refuses beyond the maximum with the time until the oldest lease ends', async () => {
    const owner = slotsOnClock();
    slotOf(await owner.take());
    owner.advance(5_000);
    slotOf(await owner.take());
    owner.advance(5_000);
    expect(await owner.take()).toEqual({ slot: null, retryAfterMs: LEASE_MS - 10_000 });
  });

  it("counts from the oldest lease's renewal, and frees the slot of a lease that was never renewed", async () => {
    const owner = slotsOnClock();
    const first = slotOf(await owner.take());
    owner.advance(5_000);
    slotOf(await owner.take());
    owner.advance(15_000);
    await first.renew();
    // The second stream's lease (taken at +5 s) is now the oldest: it ends at +50 s.
    expect(await owner.take()).toEqual({ slot: null, retryAfterMs: 30_000 });
    owner.advance(30_000);
    slotOf(await owner.take());
  });

  it('frees a slot at once when a stream releases it', async () => {
    const owner = slotsOnClock();
    const first = slotOf(await owner.take());
    slotOf(await owner.take());
    expect((await owner.take()).slot).toBeNull();
    await first.release();
    slotOf(await owner.take());
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds and never answers 0', () => {
    expect([1, 999, 1_000, 1_001, 35_000, 0].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 35, 1]);
  });
});
