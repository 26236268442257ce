import { describe, expect, it } from '@jest/globals';
import { formatProbability, formatVolume, probabilityWidth, UNKNOWN } from './format.js';

describe('formatProbability (the API sends 0..1 numbers)', () => {
  it.each([
    [0.62, '62%'],
    [0.625, '63%'],
    [0, '0%'],
    [1, '100%'],
    [0.004, '<1%'],
    [0.006, '1%'],
    [0.994, '99%'],
    [0.995, '>99%'],
    [0.35, '35%'],
  ])('shows %p as %p', (value, text) => {
    expect(formatProbability(value)).toBe(text);
  });

  it('clamps values outside 0..1 and shows a placeholder for null or non-numbers', () => {
    expect(formatProbability(1.2)).toBe('100%');
    expect(formatProbability(-0.1)).toBe('0%');
    for (const value of [null, undefined, Number.NaN, Infinity, '0.5', {}])
      expect(formatProbability(value)).toBe(UNKNOWN);
  });

  it('gives the bar width in percent, 0 when unknown', () => {
    expect(probabilityWidth(0.6234)).toBe(62.3);
    expect(probabilityWidth(2)).toBe(100);
    expect(probabilityWidth(null)).toBe(0);
  });
});

describe('formatVolume (the API sends cents)', () => {
  it.each([
    [0, '$0'],
    [700, '$7'],
    [1_250, '$12.50'],
    [99_999, '$999.99'],
    [100_000, '$1K'],
    [123_456, '$1.2K'],
    [1_250_000, '$12.5K'],
    [99_996_000, '$1M'],
    [340_000_000, '$3.4M'],
    [100_000_000_000, '$1B'],
    [123_456_789_000_000, '$1234.6B'],
  ])('shows %p cents as %p', (cents, text) => {
    expect(formatVolume(cents)).toBe(text);
  });

  it('shows a placeholder for negative, missing or non-numeric volumes', () => {
    for (const value of [-1, null, undefined, Number.NaN, '100']) expect(formatVolume(value)).toBe(UNKNOWN);
  });
});
