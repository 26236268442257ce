import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createThread, insertMarket } from '../../../../shared/src/db/index.js';
import {
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '../testing/public-read-test-kit.js';

type ListBody = { markets: Array<{ id: string }>; pagination: { total: number } };

let suite: PublicReadSuite;
let app: RunningPublicRead;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await insertMarket(suite.db, { question: 'First?', category: 'misc', outcomes: ['YES', 'NO'] });
  app = await suite.start({ settings: { readCacheMs: 1_000 } });
});

afterAll(async () => {
  await suite.destroy();
});

describe('read micro-cache (READ_CACHE_MS)', () => {
  it('serves the same body for 1 s, then reads MySQL again', async () => {
    const first = await getJson<ListBody>(`${app.url}/api/markets`);
    expect(first.body.pagination.total).toBe(1);
    await insertMarket(suite.db, { question: 'Second?', category: 'misc', outcomes: ['YES', 'NO'] });
    const cached = await getJson<ListBody>(`${app.url}/api/markets`);
    expect(cached.body).toEqual(first.body);
    expect(cached.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const otherQuery = await getJson<ListBody>(`${app.url}/api/markets?limit=10`);
    expect(otherQuery.body.pagination.total).toBe(2);

    app.clock.now = new Date(app.clock.now.getTime() + 1_001);
    const fresh = await getJson<ListBody>(`${app.url}/api/markets`);
    expect(fresh.body.pagination.total).toBe(2);
  });

  it('refreshes _meta.requestedAt on every cached response', async () => {
    await createThread(suite.db, { title: 'T', status: 'active', category: 'misc' });
    const first = await getJson<{ _meta: { requestedAt: string } }>(`${app.url}/api/threads`);
    app.clock.now = new Date(app.clock.now.getTime() + 500);
    const second = await getJson<{ _meta: { requestedAt: string }; threads: unknown[] }>(`${app.url}/api/threads`);
    expect(second.body._meta.requestedAt).toBe(app.clock.now.toISOString());
    expect(second.body._meta.requestedAt).not.toBe(first.body._meta.requestedAt);
    expect(second.body.threads).toHaveLength(1);
  });

  it('never caches an error', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect((await getJson(`${app.url}/api/threads/${id}`)).status).toBe(404);
    await createThread(suite.db, { id, title: 'Late', status: 'active', category: 'misc' });
    expect((await getJson(`${app.url}/api/threads/${id}`)).status).toBe(200);
  });
});
