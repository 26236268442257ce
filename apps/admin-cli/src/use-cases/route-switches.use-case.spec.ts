import { describe, expect, it } from '@jest/globals';
import type { RouteSwitchConfigMap } from '#shared/kill-switch/route-switch-configmap.js';
import { changeRouteSwitches, describeRoutes, nextRouteList, parseRouteIds } from './route-switches.use-case.js';

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

describe('changeRouteSwitches against a ConfigMap another writer changes', () => {
  /** An in-memory ConfigMap whose writes fail with 409 `conflicts` times before one goes through. */
  function configMapWithConflicts(conflicts: number) {
    let routes: string[] = ['GET /v1/markets'];
    let version = 1;
    let reads = 0;
    const configMap: RouteSwitchConfigMap = {
      namespace: 'default',
      name: 'route-switches',
      read: async () => {
        reads += 1;
        return { routes, resourceVersion: String(version) };
      },
      write: async (next) => {
        if (conflicts > 0) {
          conflicts -= 1;
          version += 1;
          throw Object.assign(new Error('the object has been modified'), { code: 409 });
        }
        routes = [...next];
        version += 1;
      },
    };
    return { configMap, reads: () => reads, routes: () => routes };
  }

  it('reads again and writes after a 409', async () => {
    const target = configMapWithConflicts(1);
    const change = await changeRouteSwitches(target.configMap, 'disable', ['POST /v1/trades']);
    expect(change).toMatchObject({ changed: true, after: ['GET /v1/markets', 'POST /v1/trades'] });
    expect(target.reads()).toBe(2);
    expect(target.routes()).toEqual(['GET /v1/markets', 'POST /v1/trades']);
  });

  it('gives up after three conflicts, writing nothing', async () => {
    const target = configMapWithConflicts(3);
    await expect(changeRouteSwitches(target.configMap, 'disable', ['POST /v1/trades'])).rejects.toMatchObject({
      code: 409,
    });
    expect(target.reads()).toBe(3);
    expect(target.routes()).toEqual(['GET /v1/markets']);
  });
});
