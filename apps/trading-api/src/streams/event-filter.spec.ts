import { describe, expect, it } from '@jest/globals';
import { eventMatches, parseEventFilter, parseResumePoint } from './event-filter.js';

const event = (type: string, marketId: string) => ({ type, payload: { data: { marketId } } });

describe('parseEventFilter / eventMatches', () => {
  it('passes every event without filters', () => {
    expect(eventMatches(parseEventFilter({}), event('trade.failed', 'm'))).toBe(true);
  });

  it('passes only the listed types and the given market', () => {
    const filter = parseEventFilter({ types: 'trade.completed, trade.failed,', marketId: 'm1' });
    expect(eventMatches(filter, event('trade.completed', 'm1'))).toBe(true);
    expect(eventMatches(filter, event('trade.rejected', 'm1'))).toBe(false);
    expect(eventMatches(filter, event('trade.failed', 'm2'))).toBe(false);
  });
});

describe('parseResumePoint', () => {
  it('prefers Last-Event-ID over ?after=, and starts live without either', () => {
    expect(parseResumePoint('12', 3)).toBe(12);
    expect(parseResumePoint(undefined, 3)).toBe(3);
    expect(parseResumePoint(' ', '4')).toBe(4);
    expect(parseResumePoint(undefined, undefined)).toBeNull();
  });

  it('refuses what is not a sequence number', () => {
    expect(parseResumePoint('evt_1', undefined)).toBeUndefined();
    expect(parseResumePoint('-1', undefined)).toBeUndefined();
    expect(parseResumePoint('1e3', undefined)).toBeUndefined();
  });
});
