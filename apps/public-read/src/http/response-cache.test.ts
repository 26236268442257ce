import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { issueApiKey } from '../../../admin-cli/src/keys/issue-api-key.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import {
  countQueries,
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';
import { createApiKeyVerifier } from './api-key.js';

type ListBody = { markets: Array<{ id: string }>; pagination: { total: number } };

let suite: PublicReadSuite;
let app: RunningPublicRead;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await insertMarket(suite.db, { question: 'First?', category: 'misc', outcomes: ['YES', 'NO'] });
  app = await suite.start({ settings: { readCacheMs: 1_000 } });
});

afterAll(() => suite.destroy());

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

describe('read micro-cache with keyed and anonymous callers', () => {
  type Meta = { authenticated: boolean; requestedAt: string };
  type ThreadBody = { thread: { id: string; title: string }; _meta: Meta };
  type MarketsBody = { markets: Array<{ id: string; question: string }>; _meta: Meta };
  const pepper = 'a-response-cache-test-pepper-of-32-chars';

  /** An app with the production micro-cache window (1 s) and a real key verifier, plus a valid key already verified. */
  async function startKeyedApp() {
    const user = await createUser(suite.db, { email: `cache-${randomUUID()}@example.test` });
    const { key } = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'developer', env: 'test' });
    const verifier = createApiKeyVerifier({ db: suite.db, pepper, env: 'test' });
    // Verified once here (cached 5 s): the requests below query MySQL only for the bodies they compute.
    expect(await verifier.verify(key)).not.toBeNull();
    const keyed = await suite.start({ settings: { readCacheMs: 1_000 }, apiKeyVerifier: verifier });
    return { keyed, keyHeaders: { 'X-API-Key': key } };
  }

  /** Counts the SQL statements the suite's knex sends while `run` runs. */
  it('reports authenticated true to a keyed caller, then false to an anonymous one, from one cached thread body', async () => {
    const { keyed, keyHeaders } = await startKeyedApp();
    const thread = await createThread(suite.db, { title: 'Before', status: 'active', category: 'misc' });
    const url = `${keyed.url}/api/threads/${thread.id}`;

    let first!: ThreadBody;
    expect(
      await countQueries(suite.db, async () => {
        first = (await getJson<ThreadBody>(url, { headers: keyHeaders })).body;
      }),
    ).toBeGreaterThan(0);
    expect(first._meta).toEqual({ authenticated: true, requestedAt: keyed.clock.now.toISOString() });
    await suite.db('threads').where({ id: thread.id }).update({ title: 'After' });

    let anonymous!: ThreadBody;
    let keyedAgain!: ThreadBody;
    const queries = await countQueries(suite.db, async () => {
      anonymous = (await getJson<ThreadBody>(url)).body;
      keyedAgain = (await getJson<ThreadBody>(url, { headers: keyHeaders })).body;
    });
    expect(queries).toBe(0);
    expect(anonymous.thread).toEqual(first.thread);
    expect(anonymous.thread.title).toBe('Before');
    expect(anonymous._meta).toEqual({ authenticated: false, requestedAt: keyed.clock.now.toISOString() });
    expect(keyedAgain._meta.authenticated).toBe(true);

    keyed.clock.now = new Date(keyed.clock.now.getTime() + 1_001);
    const expired = (await getJson<ThreadBody>(url)).body;
    expect(expired.thread.title).toBe('After');
    expect(expired._meta.authenticated).toBe(false);
  });

  it('reports authenticated false then true on a cached thread-markets body, the anonymous caller first', async () => {
    const { keyed, keyHeaders } = await startKeyedApp();
    const thread = await createThread(suite.db, { title: 'With markets', status: 'active', category: 'misc' });
    const market = await insertMarket(suite.db, {
      threadId: thread.id,
      question: 'Cached?',
      category: 'misc',
      outcomes: ['YES', 'NO'],
    });
    const url = `${keyed.url}/api/threads/${thread.id}/markets`;
    const anonymous = (await getJson<MarketsBody>(url)).body;
    expect(anonymous._meta.authenticated).toBe(false);
    await suite.db('markets').where({ id: market.id }).update({ question: 'Changed?' });

    let withKey!: MarketsBody;
    expect(
      await countQueries(suite.db, async () => {
        withKey = (await getJson<MarketsBody>(url, { headers: keyHeaders })).body;
      }),
    ).toBe(0);
    expect(withKey._meta.authenticated).toBe(true);
    expect(withKey.markets).toEqual(anonymous.markets);
    expect(withKey.markets.map((item) => item.question)).toEqual(['Cached?']);
  });
});
