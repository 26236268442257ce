import { describe, expect, it } from '@jest/globals';
import { requestedWaitSeconds } from './waiting-read.js';

describe('requestedWaitSeconds', () => {
  it('reads wait=N among other preferences (RFC 7240), capped at the maximum', () => {
    expect(requestedWaitSeconds('wait=10', 30)).toBe(10);
    expect(requestedWaitSeconds('respond-async, wait=5', 30)).toBe(5);
    expect(requestedWaitSeconds('return=minimal; wait="7"', 30)).toBe(7);
    expect(requestedWaitSeconds('wait=100', 30)).toBe(30);
  });

  it('is null without a valid wait', () => {
    expect(requestedWaitSeconds(undefined, 30)).toBeNull();
    expect(requestedWaitSeconds('respond-async', 30)).toBeNull();
    expect(requestedWaitSeconds('wait=soon', 30)).toBeNull();
  });
});
