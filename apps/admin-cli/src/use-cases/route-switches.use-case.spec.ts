import { describe, expect, it } from '@jest/globals';
import { describeRoutes, nextRouteList, parseRouteIds } from './route-switches.use-case.js';

describe('route switch changes', () => {
  it('appends newly disabled ids and removes enabled ones, keeping the rest in order', () => {
    expect(nextRouteList(['A'], 'disable', ['B', 'A'])).toEqual(['A', 'B']);
    expect(nextRouteList(['A', 'B', 'C'], 'enable', ['B'])).toEqual(['A', 'C']);
    expect(nextRouteList(['GET /v1/gone'], 'enable', ['POST /v1/trades'])).toEqual(['GET /v1/gone']);
  });

  it('accepts registered ids and *, normalising spaces, and refuses anything else', () => {
    expect(parseRouteIds(['POST  /v1/trades', '*'])).toEqual(['POST /v1/trades', '*']);
    expect(() => parseRouteIds(['post /v1/trades'])).toThrow(/unknown route id 'post \/v1\/trades'/);
    expect(() => parseRouteIds([' '])).toThrow(/at least one route id/);
  });

  it('marks every route disabled under *, and unknown when the list could not be read', () => {
    expect(describeRoutes(['*']).every((row) => row.state === 'disabled')).toBe(true);
    expect(describeRoutes(undefined).every((row) => row.state === 'unknown')).toBe(true);
    const rows = describeRoutes(['POST /v1/trades']);
    expect(rows.filter((row) => row.state === 'disabled').map((row) => row.routeId)).toEqual(['POST /v1/trades']);
  });
});
