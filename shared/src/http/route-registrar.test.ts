import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RequestHandler } from 'express';
import { createMutableRouteSwitches } from '../kill-switch/route-switches.js';
import { startTestApp, type TestApp } from '#tooling/testing/http-test-kit.js';
import { createRouteRegistrar, type EdgeStage, type EdgeSteps } from './route-registrar.js';
import { createRouteTable } from './route-table.js';

/** A step that appends its name to the trail the handler answers with. */
const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    const trail: unknown = res.locals.trail;
    const trailSoFar = [...(Array.isArray(trail) ? trail : []), String(name)];
    res.locals.trail = trailSoFar;
    res.setHeader('X-Trail', trailSoFar.join(','));
    next();
  };
const answerTrail: RequestHandler = (_req, res) => {
  res.json({ trail: res.locals.trail });
};

const tradingOrder: EdgeStage[] = ['before', 'killSwitch', 'body', 'key', 'scope', 'limiter', 'signature', 'handler'];
const publicOrder: EdgeStage[] = ['key', 'limiter', 'before', 'killSwitch', 'body', 'handler'];

function edge(order: readonly EdgeStage[]): EdgeSteps {
  return {
    key: { required: [mark('key')], optional: [mark('optional-key')] },
    scope: (scope) => mark(`scope:${scope}`),
    limiters: { reads: mark('limit:reads'), writes: mark('limit:writes') },
    signature: mark('signature'),
    order,
  };
}

const switches = createMutableRouteSwitches([]);
let trading: TestApp;
let publicApi: TestApp;
beforeAll(async () => {
  trading = await startTestApp(
    { errorStyle: 'problem', routeSwitches: switches.switches, edge: edge(tradingOrder) },
    (registrar) => {
      registrar.declare({
        method: 'POST',
        path: '/v1/things',
        body: 'json',
        before: [mark('before')],
        key: 'required',
        scope: 'things:write',
        limiter: 'writes',
        signature: true,
        steps: [mark('validate'), answerTrail],
      });
      registrar.route('GET', '/v1/open', mark('handler'), answerTrail);
    },
  );
  publicApi = await startTestApp(
    {
      errorStyle: 'public',
      routeSwitches: switches.switches,
      edge: edge(publicOrder),
      routeDefaults: { key: 'optional', limiter: 'reads' },
    },
    (registrar) => registrar.route('GET', '/api/things', mark('handler'), answerTrail),
  );
});
afterAll(async () => {
  await trading.running.close();
  await publicApi.running.close();
});

describe('the route registrar: each route declares its key, scope, limiter and signature', () => {
  it("runs the declared admission after the kill switch and the body where the API's order says so (DESIGN §6)", async () => {
    const response = await fetch(`${trading.url}/v1/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await response.json()).toEqual({
      trail: ['before', 'key', 'scope:things:write', 'limit:writes', 'signature', 'validate'],
    });
  });

  it('gives route() the app defaults: nothing on the trading API, the optional key and the limiter on the public one', async () => {
    expect(await (await fetch(`${trading.url}/v1/open`)).json()).toEqual({ trail: ['handler'] });
    expect(await (await fetch(`${publicApi.url}/api/things`)).json()).toEqual({
      trail: ['optional-key', 'limit:reads', 'handler'],
    });
  });

  it("runs the admission ahead of the kill switch where the API's order puts it first, so a disabled route still passed it", async () => {
    switches.set(['GET /api/things']);
    try {
      const response = await fetch(`${publicApi.url}/api/things`);
      expect([response.status, response.headers.get('x-trail')]).toEqual([503, 'optional-key,limit:reads']);
    } finally {
      switches.set([]);
    }
  });

  it('refuses at start-up a route that declares a step its API does not have', () => {
    const registrar = createRouteRegistrar({
      table: createRouteTable(),
      routeSwitches: switches.switches,
      bodyReaders: { json: () => mark('json'), raw: () => mark('raw') },
      bodyLimitBytes: 1024,
      edge: { key: {}, limiters: {}, order: tradingOrder },
      use: () => undefined,
    });
    const route = { method: 'GET' as const, path: '/x', body: 'none' as const, steps: [answerTrail] };
    expect(() => registrar.declare({ ...route, key: 'required' })).toThrow('declares a required key');
    expect(() => registrar.declare({ ...route, path: '/y', key: 'none', limiter: 'reads' })).toThrow(
      'declares the reads limiter',
    );
    expect(() => registrar.declare({ ...route, path: '/z', key: 'none', scope: 'a:b' })).toThrow(
      'a scope without a required key',
    );
    expect(() => registrar.declare({ ...route, path: '/v', key: 'none', validation: answerTrail })).toThrow(
      "declares the validation stage, which its API's order leaves out",
    );
  });
});
