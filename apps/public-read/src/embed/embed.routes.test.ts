/* GET /embed/widget.js and GET /embed/demo on the real public-read app (MariaDB, Redis). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { demoOrganizations, demoPartners } from '#tooling/local-stack/seed/demo-catalog.js';
import {
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';
import { DEMO_CONTENT_SECURITY_POLICY } from './demo-page.js';
import { WIDGET_CACHE_CONTROL } from './embed.routes.js';

/** The budget for the widget: what a browser downloads, gzipped. */
const MAX_GZIPPED_BYTES = 15 * 1024;

let suite: PublicReadSuite;
let app: RunningPublicRead;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  app = await suite.start();
});
afterAll(() => suite.destroy());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body arrives as sent (fetch would decode gzip). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(`${app.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('GET /embed/widget.js', () => {
  it('serves the widget as JavaScript with cache headers, CORS and a strong ETag', async () => {
    const response = await rawGet('/embed/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(WIDGET_CACHE_CONTROL);
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    const script = response.body.toString('utf8');
    expect(script).toContain('foretell-market');
    // Bundled and minified: no module syntax, no source comments.
    expect(script).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(script).not.toMatch(/^import |\/\*|^\s*\/\//m);
  });

  it('answers 304 with no body when If-None-Match names the current ETag', async () => {
    const first = await rawGet('/embed/widget.js');
    const etag = String(first.headers['etag']);
    const again = await rawGet('/embed/widget.js', { 'If-None-Match': `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    expect(again.headers['etag']).toBe(etag);
    expect((await rawGet('/embed/widget.js', { 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it(`is at most ${MAX_GZIPPED_BYTES} bytes as served gzipped, the same script with an ETag of its own`, async () => {
    const plain = await rawGet('/embed/widget.js');
    const gzipped = await rawGet('/embed/widget.js', { 'Accept-Encoding': 'br;q=1, gzip;q=0.8' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.headers['etag']).not.toBe(plain.headers['etag']);
    expect(gzipped.body.length).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
    // gzip refused explicitly: the plain script.
    const refused = await rawGet('/embed/widget.js', { 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /embed/demo', () => {
  it('says there is nothing to show while no market is open', async () => {
    const response = await fetch(`${app.url}/embed/demo`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('There is no open market to show yet.');
  });

  it('shows the newest open market with its partner and organization, under a CSP that admits only its origin', async () => {
    const [organization, partner] = [demoOrganizations[0]!, demoPartners[0]!];
    await createOrganization(suite.db, organization);
    await createPartner(suite.db, partner);
    await insertMarket(suite.db, { question: 'Frozen?', category: 'misc', outcomes: ['YES', 'NO'], status: 'FROZEN' });
    const open = await insertMarket(suite.db, {
      question: 'Shown?',
      category: 'misc',
      outcomes: ['YES', 'NO'],
      organizationId: organization.id,
      partnerId: partner.id,
    });

    const response = await fetch(`${app.url}/embed/demo`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(DEMO_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    const tag = `<foretell-market market-id="${open.id}" partner-id="${partner.id}" organization-id="${organization.id}">`;
    expect(html).toContain(tag);
    expect(html).toContain('<script src="/embed/widget.js" async></script>');
    // The snippet to copy names the script by its absolute URL.
    expect(html).toContain(`&lt;script src=&quot;${app.url}/embed/widget.js&quot; async&gt;&lt;/script&gt;`);
  });

  it('shows the market asked for, escaped, and refuses unknown parameters', async () => {
    const market = await insertMarket(suite.db, { question: 'Asked?', category: 'misc', outcomes: ['A', 'B', 'C'] });
    expect(await (await fetch(`${app.url}/embed/demo?market=${market.id}`)).text()).toContain(
      `<foretell-market market-id="${market.id}"></foretell-market>`,
    );

    const hostile = '"><script>alert(1)</script>';
    const html = await (await fetch(`${app.url}/embed/demo?market=${encodeURIComponent(hostile)}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('market-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    const refused = await getJson(`${app.url}/embed/demo?theme=dark`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
