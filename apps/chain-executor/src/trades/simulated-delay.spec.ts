/* The bound on simulated delays (issue 19 review, decision 0023): one process holds at most its slots at once. */
import { describe, expect, it } from '@jest/globals';
import { createLogCapture } from '#tooling/testing/messaging/test-messaging.js';
import { createSimulatedDelaySlots, holdSimulatedDelay } from './simulated-delay.js';

const placedAt = new Date('2026-01-01T00:00:00.000Z');
const trade = (id: string) => ({ id, createdAt: placedAt });

describe('simulated delay slots', () => {
  it('gives a consumer a quarter of its prefetch, at least one', () => {
    expect(createSimulatedDelaySlots(32).max).toBe(8);
    expect(createSimulatedDelaySlots(3).max).toBe(1);
    expect(createSimulatedDelaySlots(1).max).toBe(1);
  });

  it('does not hold a trade beyond the bound: it executes at once, with a warning', async () => {
    const logs = createLogCapture('debug');
    const slots = createSimulatedDelaySlots(4);
    const deps = { simulatedDelays: slots, logger: logs.logger, now: () => placedAt };
    const holding = holdSimulatedDelay(deps, trade('first'), 20);
    expect(slots.held).toBe(1);

    await expect(holdSimulatedDelay(deps, trade('second'), 20)).resolves.toBe('skipped');
    expect(logs.lines().find((line) => line.event === 'trade.simulated_delay_skipped')).toMatchObject({
      tradeId: 'second',
      held: 1,
      max: 1,
    });

    await expect(holding).resolves.toBe('held');
    expect(slots.held).toBe(0);
  });

  it('does not wait again once the delay since the trade was placed has passed (a redelivered job)', async () => {
    const slots = createSimulatedDelaySlots(4);
    const later = new Date(placedAt.getTime() + 5_000);
    const deps = { simulatedDelays: slots, logger: createLogCapture().logger, now: () => later };
    await expect(holdSimulatedDelay(deps, trade('redelivered'), 5_000)).resolves.toBe('elapsed');
    expect(slots.held).toBe(0);
  });
});
