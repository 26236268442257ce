import { describe, expect, it } from '@jest/globals';
import { appendMeta, createMicroCache, serializeBody } from './micro-cache.js';

describe('serializeBody and appendMeta', () => {
  it('keeps _meta apart and appends a fresh one to the same bytes, equal to serialising the whole body', () => {
    const body = { data: [1, 2], pagination: { cursor: null }, _meta: { requestedAt: 'then' } };
    const serialized = serializeBody(body);
    expect(serialized).toEqual({ json: '{"data":[1,2],"pagination":{"cursor":null}}', meta: { requestedAt: 'then' } });
    const meta = { requestedAt: 'now', authenticated: true };
    expect(appendMeta(serialized.json, meta)).toBe(JSON.stringify({ ...body, _meta: meta }));
  });

  it('appends to an empty object without a leading comma', () => {
    expect(appendMeta('{}', { requestId: 'req_1' })).toBe('{"_meta":{"requestId":"req_1"}}');
    expect(serializeBody({})).toEqual({ json: '{}', meta: undefined });
  });
});

describe('createMicroCache', () => {
  it('computes an entry once per window and again once it expired', async () => {
    let now = 1_000_000;
    let computed = 0;
    const cache = createMicroCache<number>({ ttlMs: 1_000, now: () => now });
    const load = async () => (computed += 1);
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now += 1_001;
    expect(await cache.get('k', load)).toBe(2);
  });
});
