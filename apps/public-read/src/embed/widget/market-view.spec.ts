import { describe, expect, it } from '@jest/globals';
import { brandColourOf, pickAccent, safeColour } from './accent.js';
import { reconnectDelay, RECONNECT_MAX_MS } from './market-feed.js';
import { extendHistory, historyLabel, historyOf, marketViewOf } from './market-view.js';

const detail = {
  market: {
    id: 'm1',
    question: 'Will it rain?',
    totalVolume: 1250,
    status: 'OPEN',
    probability: 0.6,
    outcomes: [
      { outcomeIndex: 0, label: 'YES', probability: 0.6, price: 0.61 },
      { outcomeIndex: 1, label: 'NO', probability: 0.4, price: 0.39 },
    ],
  },
  priceHistory: [
    { timestamp: '2026-11-25T10:00:00.000Z', price: 0.5, probability: 0.5, volume: 100 },
    { timestamp: '2026-11-25T11:00:00.000Z', price: 0.61, probability: 0.6, volume: 1250 },
  ],
};

describe('marketViewOf / historyOf (API JSON to what the widget shows)', () => {
  it('reads the market detail and its history', () => {
    expect(marketViewOf(detail)).toEqual({
      id: 'm1',
      question: 'Will it rain?',
      outcomes: [
        { label: 'YES', probability: 0.6 },
        { label: 'NO', probability: 0.4 },
      ],
      totalVolume: 1250,
      status: 'OPEN',
    });
    expect(historyOf(detail)).toEqual([0.5, 0.6]);
  });

  it('keeps unknown probabilities unknown and fills in what is missing or mistyped', () => {
    const view = marketViewOf({
      market: { id: 'm2', question: 7, outcomes: [{ label: 'A', probability: null }, 'x'] },
    });
    expect(view).toEqual({
      id: 'm2',
      question: '',
      outcomes: [
        { label: 'A', probability: null },
        { label: 'Outcome 2', probability: null },
      ],
      totalVolume: null,
      status: 'OPEN',
    });
    expect(marketViewOf({ market: { id: 'm3', probability: 0.25 } })?.outcomes).toEqual([
      { label: 'YES', probability: 0.25 },
      { label: 'NO', probability: 0.75 },
    ]);
  });

  it('refuses bodies without a market and ignores history points without a probability', () => {
    for (const body of [null, 'text', {}, { market: {} }, { error: 'Not Found' }])
      expect(marketViewOf(body)).toBeNull();
    expect(historyOf({ priceHistory: [{ probability: 0.3 }, { probability: '0.4' }, null] })).toEqual([0.3]);
    expect(historyOf({ market: {} })).toEqual([]);
  });

  it('extends the history with a live state only when the first outcome moved, keeping the newest points', () => {
    const view = marketViewOf(detail)!;
    expect(extendHistory([0.5, 0.6], view)).toEqual([0.5, 0.6]);
    expect(extendHistory([0.5], view)).toEqual([0.5, 0.6]);
    expect(extendHistory([0.1, 0.2, 0.3], view, 3)).toEqual([0.2, 0.3, 0.6]);
    expect(extendHistory([0.5], { ...view, outcomes: [{ label: 'YES', probability: null }] })).toEqual([0.5]);
  });

  it('describes the sparkline in words', () => {
    const format = (value: number) => `${Math.round(value * 100)}%`;
    expect(historyLabel('YES', [0.5, 0.55, 0.6], format)).toBe(
      'YES probability history: from 50% to 60% over 3 points',
    );
    expect(historyLabel('YES', [], format)).toBe('YES: no price history yet');
  });
});

describe('accent colour', () => {
  it('accepts only #rgb and #rrggbb colours', () => {
    expect(safeColour(' #2DA44E ')).toBe('#2da44e');
    expect(safeColour('#abc')).toBe('#abc');
    for (const value of ['red', '#12345', 'url(x)', '#fff;background:url(//evil)', null, 3]) {
      expect(safeColour(value)).toBeNull();
    }
  });

  it("prefers the attribute, then the partner's colour, then the organization's", () => {
    const partner = brandColourOf({ partner: { colorPrimary: '#2da44e' } }, 'partner');
    const organization = brandColourOf({ organization: { colorPrimary: '#1f6feb' } }, 'organization');
    expect(pickAccent('#ff0000', partner, organization)).toBe('#ff0000');
    expect(pickAccent('not a colour', partner, organization)).toBe('#2da44e');
    expect(pickAccent(null, brandColourOf({ partner: { colorPrimary: null } }, 'partner'), organization)).toBe(
      '#1f6feb',
    );
    expect(pickAccent(null, brandColourOf(undefined, 'partner'), null)).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(10, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(1_000, () => 0.5)).toBe(22_500);
  });
});
