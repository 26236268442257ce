import { describe, expect, it } from '@jest/globals';
import { areaPath, linePath, sparklineDomain, sparklinePoints, type SparklineBox } from './sparkline.js';

const box: SparklineBox = { width: 100, height: 50, padding: 5 };

describe('sparklineDomain', () => {
  it("spans the values' own range when it is wide enough", () => {
    expect(sparklineDomain([0.2, 0.6, 0.4])).toEqual([0.2, 0.6]);
  });

  it('widens a narrow range around its middle to the minimum span, inside 0..1', () => {
    const [low, high] = sparklineDomain([0.5, 0.52]);
    expect(low).toBeCloseTo(0.46);
    expect(high).toBeCloseTo(0.56);
    expect(sparklineDomain([0.01, 0.02])).toEqual([0, expect.closeTo(0.1)]);
    expect(sparklineDomain([0.99, 1])).toEqual([expect.closeTo(0.9), 1]);
  });
});

describe('sparklinePoints and paths', () => {
  it('places the oldest value left and the newest right, higher probabilities higher up', () => {
    expect(sparklinePoints([0.2, 0.6, 0.4], box)).toEqual([
      [5, 45],
      [50, 5],
      [95, 25],
    ]);
  });

  it('draws one value as a level line in the middle and skips values that are not numbers', () => {
    expect(sparklinePoints([0.5], box)).toEqual([
      [5, 25],
      [95, 25],
    ]);
    expect(sparklinePoints([Number.NaN, 0.2, Infinity, 0.6], box)).toEqual([
      [5, 45],
      [95, 5],
    ]);
    expect(sparklinePoints([], box)).toEqual([]);
  });

  it('writes short SVG path data for the line and the area under it', () => {
    const points = sparklinePoints([0.2, 0.6, 0.4], box);
    expect(linePath(points)).toBe('M5,45L50,5L95,25');
    expect(areaPath(points, box)).toBe('M5,45L50,5L95,25L95,45L5,45Z');
    expect(linePath([])).toBe('');
    expect(areaPath([], box)).toBe('');
  });

  it('rounds coordinates to tenths', () => {
    const [, second] = sparklinePoints([0, 1 / 3, 1], { width: 10, height: 10, padding: 0 });
    expect(second).toEqual([5, 6.7]);
  });
});
