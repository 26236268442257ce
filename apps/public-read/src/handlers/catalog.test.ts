import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { seedDemoData } from '#tooling/local-stack/seed/demo-data.js';
import { demoIds } from '#tooling/local-stack/seed/demo-catalog.js';
import {
  createPublicReadSuite,
  expectPublicError,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

const { organizations: o, partners: p, threads: t } = demoIds;
type Body = Record<string, unknown>;

let suite: PublicReadSuite;
let app: RunningPublicRead;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await seedDemoData(suite.db);
  app = await suite.start();
});

afterAll(() => suite.destroy());

describe('GET /api/organizations/{id}', () => {
  it('returns only the documented branding members', async () => {
    const { status, body } = await getJson<{ organization: Body; _meta: Body }>(
      `${app.url}/api/organizations/${o.acme}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      organization: {
        id: o.acme,
        name: 'Acme Sports Network',
        slug: 'acme-sports',
        displayName: 'Acme Sports',
        tagline: 'Every match, every market',
        colorPrimary: '#1f6feb',
        logoUrl: 'https://cdn.example/logos/acme-sports.png',
        status: 'active',
      },
      _meta: { requestedAt: app.clock.now.toISOString() },
    });
  });

  it('answers 404 NOT_FOUND for an unknown organization and 400 for a query parameter', async () => {
    await expectPublicError(`${app.url}/api/organizations/nope`, 404, 'Not Found', 'NOT_FOUND');
    expect((await getJson(`${app.url}/api/organizations/${o.acme}?fields=all`)).status).toBe(400);
  });
});

describe('GET /api/partners/{id}', () => {
  it('returns the partner with its nullable members', async () => {
    const { status, body } = await getJson<{ partner: Body; _meta: Body }>(`${app.url}/api/partners/${p.ballotWatch}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      partner: {
        id: p.ballotWatch,
        organizationId: o.civic,
        name: 'Ballot Watch',
        slug: 'ballot-watch',
        description: null,
        displayName: null,
        tagline: 'Polls, explained',
        colorPrimary: null,
        logoUrl: null,
        websiteUrl: null,
        status: 'inactive',
      },
      _meta: { requestedAt: expect.any(String) },
    });
  });

  it('answers 404 NOT_FOUND for an unknown partner', async () => {
    const { status, body } = await getJson(`${app.url}/api/partners/nope`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /api/organizations/{id}/threads and /api/partners/{id}/threads', () => {
  type ListBody = { threads: Array<Body & { id: string }>; pagination: Body; _meta: Body };

  it("lists an organization's threads with the threads-list parameters and the owner in _meta", async () => {
    const { status, body } = await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/threads`);
    expect(status).toBe(200);
    expect(body.threads.map((thread) => thread.id)).toEqual([t.championship]);
    expect(body.pagination).toEqual({ offset: 0, limit: 20, total: 1, hasMore: false });
    expect(body._meta).toEqual({ authenticated: false, requestedAt: expect.any(String), organizationId: o.acme });
    const filtered = await getJson<ListBody>(`${app.url}/api/organizations/${o.acme}/threads?status=resolved`);
    expect(filtered.body.threads).toEqual([]);
  });

  it("lists a partner's threads", async () => {
    const { body } = await getJson<ListBody>(`${app.url}/api/partners/${p.ballotWatch}/threads?sortBy=title&limit=5`);
    expect(body.threads.map((thread) => thread.id)).toEqual([t.election]);
    expect(body._meta).toMatchObject({ partnerId: p.ballotWatch });
    expect(body.pagination).toMatchObject({ limit: 5 });
  });

  it('answers 400 for invalid threads-list parameters and 404 NOT_FOUND for an unknown owner', async () => {
    const invalid = await getJson(`${app.url}/api/partners/${p.goalLine}/threads?limit=500`);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('"limit"') });
    expect((await getJson(`${app.url}/api/organizations/nope/threads`)).status).toBe(404);
    expect((await getJson(`${app.url}/api/partners/nope/threads`)).body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('owner thread lists: filters and pages', () => {
  type ListBody = { threads: Array<Body & { id: string }>; pagination: Body; _meta: Body };

  /**
   * A new organization and partner owning four threads (created on distinct days, A newest), beside the demo ones:
   * A sports [football, cup], B sports [tennis], C politics [elections], D technology [football, ai].
   */
  async function createOwnerWithThreads() {
    const slug = `owner-${randomUUID().slice(0, 8)}`;
    const organization = await createOrganization(suite.db, {
      name: slug,
      slug,
      displayName: slug,
      colorPrimary: '#000000',
    });
    const partner = await createPartner(suite.db, { organizationId: organization.id, name: slug, slug });
    const specs = [
      ['A', 'sports', ['football', 'cup'], '2026-03-04T00:00:00Z'],
      ['B', 'sports', ['tennis'], '2026-03-03T00:00:00Z'],
      ['C', 'politics', ['elections'], '2026-03-02T00:00:00Z'],
      ['D', 'technology', ['football', 'ai'], '2026-03-01T00:00:00Z'],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [title, category, tags, createdAt] of specs) {
      const thread = await createThread(suite.db, {
        organizationId: organization.id,
        partnerId: partner.id,
        title,
        status: 'active',
        category,
        tags: [...tags],
      });
      await suite
        .db('threads')
        .where({ id: thread.id })
        .update({ created_at: new Date(createdAt) });
      ids[title] = thread.id;
    }
    return { owners: { organizations: organization.id, partners: partner.id }, ids };
  }

  it.each(['organizations', 'partners'] as const)('/api/%s/{id}/threads applies tags and category', async (kind) => {
    const { owners, ids } = await createOwnerWithThreads();
    const titles = async (query: string): Promise<string[]> => {
      const { status, body } = await getJson<ListBody>(`${app.url}/api/${kind}/${owners[kind]}/threads?${query}`);
      expect(status).toBe(200);
      return body.threads.map((thread) => thread.title as string);
    };
    expect(await titles('')).toEqual(['A', 'B', 'C', 'D']);
    expect(await titles('tags=football')).toEqual(['A', 'D']);
    expect(await titles('tags=tennis,elections')).toEqual(['B', 'C']);
    expect(await titles('category=sports')).toEqual(['A', 'B']);
    expect(await titles('category=sports&tags=football')).toEqual(['A']);
    expect(await titles('category=finance')).toEqual([]);
    const filtered = await getJson<ListBody>(`${app.url}/api/${kind}/${owners[kind]}/threads?tags=football`);
    expect(filtered.body.threads.map((thread) => thread.id)).toEqual([ids.A, ids.D]);
    expect(filtered.body.pagination).toEqual({ offset: 0, limit: 20, total: 2, hasMore: false });
  });

  it.each(['organizations', 'partners'] as const)(
    '/api/%s/{id}/threads pages with limit and offset, reporting hasMore',
    async (kind) => {
      const { owners, ids } = await createOwnerWithThreads();
      const page = (query: string) => getJson<ListBody>(`${app.url}/api/${kind}/${owners[kind]}/threads?${query}`);
      const first = await page('limit=2');
      expect(first.body.threads.map((thread) => thread.id)).toEqual([ids.A, ids.B]);
      expect(first.body.pagination).toEqual({ offset: 0, limit: 2, total: 4, hasMore: true });
      const middle = await page('limit=2&offset=1');
      expect(middle.body.threads.map((thread) => thread.id)).toEqual([ids.B, ids.C]);
      expect(middle.body.pagination).toEqual({ offset: 1, limit: 2, total: 4, hasMore: true });
      const last = await page('limit=2&offset=2');
      expect(last.body.threads.map((thread) => thread.id)).toEqual([ids.C, ids.D]);
      expect(last.body.pagination).toEqual({ offset: 2, limit: 2, total: 4, hasMore: false });
      const filtered = await page('category=sports&limit=1');
      expect(filtered.body.threads.map((thread) => thread.id)).toEqual([ids.A]);
      expect(filtered.body.pagination).toEqual({ offset: 0, limit: 1, total: 2, hasMore: true });
      const past = await page('offset=4');
      expect(past.body).toMatchObject({ threads: [], pagination: { offset: 4, total: 4, hasMore: false } });
    },
  );
});
