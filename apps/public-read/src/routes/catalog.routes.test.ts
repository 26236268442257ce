import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedDemoData } from '../../../../shared/src/db/seed/demo-data.js';
import { demoIds } from '../../../../shared/src/db/seed/demo-catalog.js';
import {
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '../testing/public-read-test-kit.js';

const { organizations: o, partners: p, threads: t } = demoIds;
type Body = Record<string, unknown>;

let suite: PublicReadSuite;
let app: RunningPublicRead;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  await seedDemoData(suite.db);
  app = await suite.start();
});

afterAll(async () => {
  await suite.destroy();
});

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
    const missing = await getJson(`${app.url}/api/organizations/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', code: 'NOT_FOUND', message: expect.any(String) });
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
