import { describe, expect, it } from '@jest/globals';
import { matchesIfNoneMatch } from './conditional-get.js';

describe('matchesIfNoneMatch', () => {
  it('matches nothing without a header', () => {
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch('', '"abc"')).toBe(false);
  });

  it('compares weakly: a W/ prefix on either side does not matter', () => {
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true);
  });

  it('finds the tag in a comma-separated list and treats * as any representation', () => {
    expect(matchesIfNoneMatch('"x", W/"abc" ,"y"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
  });

  it('does not match a different tag', () => {
    expect(matchesIfNoneMatch('"abd", "ab"', '"abc"')).toBe(false);
  });
});
