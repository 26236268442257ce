import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { issueApiKey } from '../../../admin-cli/src/keys/issue-api-key.js';
import { createUser, type User } from '#shared/db/users/users.repository.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import {
  countQueries,
  createPublicReadSuite,
  getJson,
  type AppOptions,
  type JsonResponse,
  type PublicReadSuite,
} from '#tooling/kits/public-read/public-read-test-kit.js';
import { createApiKeyVerifier } from './api-key.js';

const pepper = 'a-public-read-test-pepper-of-32-chars!!';
let suite: PublicReadSuite;
let clientNumber = 0;
const nextClient = (): Record<string, string> => ({ 'X-Forwarded-For': `198.51.100.${++clientNumber}` });
const limits = { windowMs: 60_000, threadsList: 3, default: 5 };
/** An app with the small limits above and a verifier of this file's keys, trusting X-Forwarded-For from loopback. */
const startVerifying = (options: AppOptions = {}) =>
  suite.start({
    settings: { rateLimit: limits },
    apiKeyVerifier: createApiKeyVerifier({ db: suite.db, pepper, env: 'test' }),
    trustProxy: 'loopback',
    ...options,
  });

beforeAll(async () => {
  suite = await createPublicReadSuite();
});
afterAll(() => suite.destroy());

const newUser = (): Promise<User> => createUser(suite.db, { email: `reader-${randomUUID()}@example.test` });

describe('the X-API-Key verifier', () => {
  it('verifies a key hashed under the previous pepper during a rotation and moves it to the current one', async () => {
    const user = await newUser();
    const issued = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'developer', env: 'test' });
    const newPepper = `${pepper}-after-rotation`;
    expect(
      await createApiKeyVerifier({ db: suite.db, pepper: newPepper, env: 'test', ttlMs: 0 }).verify(issued.key),
    ).toBe(null);
    const rotating = createApiKeyVerifier({
      db: suite.db,
      pepper: newPepper,
      previousPepper: pepper,
      env: 'test',
      ttlMs: 0,
    });
    expect((await rotating.verify(issued.key))?.apiKeyId).toBe(issued.record.id);
    const moved = createApiKeyVerifier({ db: suite.db, pepper: newPepper, env: 'test', ttlMs: 0 });
    expect((await moved.verify(issued.key))?.apiKeyId).toBe(issued.record.id);
  });

  it('verifies active keys of its environment and refuses everything else', async () => {
    const user = await newUser();
    const verifier = createApiKeyVerifier({ db: suite.db, pepper, env: 'test', ttlMs: 0 });
    const developer = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'developer', env: 'test' });
    expect(await verifier.verify(developer.key, '203.0.113.9')).toEqual({
      apiKeyId: developer.record.id,
      userId: user.id,
      limitPerMinute: 300,
    });
    // The per-user limit is the highest among the user's active keys: a custom rpm counts.
    await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'enterprise', env: 'test', rateLimitRpm: 2_000 });
    expect((await verifier.verify(developer.key))?.limitPerMinute).toBe(2_000);

    const live = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'free', env: 'live' });
    expect(await verifier.verify(live.key)).toBeNull();
    expect(await verifier.verify('svc_test_0123456789abcdef0123456789abcdef')).toBeNull();
    expect(await verifier.verify('not-a-key')).toBeNull();
    expect(await createApiKeyVerifier({ db: suite.db, pepper: `${pepper}x`, env: 'test' }).verify(developer.key)).toBe(
      null,
    );
    const allowlisted = await issueApiKey(suite.db, pepper, {
      userId: (await newUser()).id,
      tier: 'free',
      env: 'test',
      ipAllowlist: ['10.1.0.0/16'],
    });
    expect(await verifier.verify(allowlisted.key, '10.1.2.3')).not.toBeNull();
    expect(await verifier.verify(allowlisted.key, '::ffff:10.1.2.3')).not.toBeNull();
    expect(await verifier.verify(allowlisted.key, '10.2.0.1')).toBeNull();
    expect(await verifier.verify(allowlisted.key)).toBeNull();

    await revokeApiKey(suite.db, developer.record.id, new Date());
    expect(await verifier.verify(developer.key)).toBeNull();
    const expiring = await issueApiKey(suite.db, pepper, {
      userId: (await newUser()).id,
      tier: 'free',
      env: 'test',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const later = createApiKeyVerifier({ db: suite.db, pepper, env: 'test', now: () => Date.now() + 120_000 });
    expect(await verifier.verify(expiring.key)).not.toBeNull();
    expect(await later.verify(expiring.key)).toBeNull();
  });

  it('reuses a lookup for its TTL, so a revocation takes effect within it', async () => {
    const user = await newUser();
    const clock = { at: 1_000_000 };
    const verifier = createApiKeyVerifier({ db: suite.db, pepper, env: 'test', ttlMs: 5_000, now: () => clock.at });
    const issued = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'free', env: 'test' });
    expect(await verifier.verify(issued.key)).not.toBeNull();
    await revokeApiKey(suite.db, issued.record.id, new Date());
    expect(await verifier.verify(issued.key)).not.toBeNull();
    clock.at += 5_001;
    expect(await verifier.verify(issued.key)).toBeNull();
  });

  it('stops looking keys up for a client that keeps sending unknown ones, and only for that client', async () => {
    const verifier = createApiKeyVerifier({ db: suite.db, pepper, env: 'test', failedLookupsPerMinute: 2 });
    const known = await issueApiKey(suite.db, pepper, { userId: (await newUser()).id, tier: 'free', env: 'test' });
    const fresh = await issueApiKey(suite.db, pepper, { userId: (await newUser()).id, tier: 'free', env: 'test' });
    expect(await verifier.verify(known.key, '203.0.113.50')).not.toBeNull();
    const unknownKey = (n: number): string => `svc_test_${String(n).padStart(32, '0')}`;
    const queriesOf = (run: () => Promise<void>) => countQueries(suite.db, run);
    const spending = queriesOf(async () => {
      expect(await verifier.verify(unknownKey(1), '203.0.113.50')).toBeNull();
      expect(await verifier.verify(unknownKey(2), '203.0.113.50')).toBeNull();
    });
    expect(await spending).toBeGreaterThan(0);
    const spent = queriesOf(async () => {
      expect(await verifier.verify(unknownKey(3), '203.0.113.50')).toBeNull();
      expect(await verifier.verify(fresh.key, '203.0.113.50')).toBeNull();
    });
    expect(await spent).toBe(0);
    // Parallel made-up keys cannot get past the budget either.
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, n) => verifier.verify(unknownKey(100 + n), '203.0.113.52')),
    );
    expect(parallel.every((found) => found === null)).toBe(true);
    const afterParallel = queriesOf(async () => {
      expect(await verifier.verify(unknownKey(200), '203.0.113.52')).toBeNull();
    });
    expect(await afterParallel).toBe(0);
    // Its already-verified key still works (cached), and other clients are unaffected.
    const others = queriesOf(async () => {
      expect(await verifier.verify(known.key, '203.0.113.50')).not.toBeNull();
      expect(await verifier.verify(fresh.key, '203.0.113.51')).not.toBeNull();
    });
    expect(await others).toBeGreaterThan(0);
  });

  it('budgets failed lookups per IPv6 /64: a client rotating through its network gains nothing', async () => {
    const verifier = createApiKeyVerifier({ db: suite.db, pepper, env: 'test', failedLookupsPerMinute: 2 });
    const fresh = await issueApiKey(suite.db, pepper, { userId: (await newUser()).id, tier: 'free', env: 'test' });
    const unknownKey = (n: number): string => `svc_test_${String(n).padStart(32, '9')}`;
    expect(await verifier.verify(unknownKey(1), '2001:db8:77:1::1')).toBeNull();
    expect(await verifier.verify(unknownKey(2), '2001:db8:77:1::2')).toBeNull();
    // The budget of 2001:db8:77:1::/64 is spent: another of its addresses is not looked up, another network is.
    expect(await verifier.verify(fresh.key, '2001:db8:77:1:ffff::3')).toBeNull();
    expect(await verifier.verify(fresh.key, '2001:db8:77:2::1')).not.toBeNull();
  });

  it('in the app: a disabled route answers 503 without looking the key up, limited per IP', async () => {
    const app = await startVerifying({ routeDisabled: ['GET /api/threads'] });
    const headers = { ...nextClient(), 'X-API-Key': 'svc_test_0123456789abcdef0123456789abcdef' };
    let disabled!: JsonResponse;
    const queries = countQueries(suite.db, async () => {
      disabled = await getJson(`${app.url}/api/threads`, { headers });
    });
    expect(await queries).toBe(0);
    expect(disabled.status).toBe(503);
    expect(disabled.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it('in the app: a valid key authenticates and is limited per user; a bad key is ignored', async () => {
    const user = await newUser();
    const app = await startVerifying();
    const issued = await issueApiKey(suite.db, pepper, { userId: user.id, tier: 'free', env: 'test' });
    const good = await getJson(`${app.url}/api/threads`, { headers: { ...nextClient(), 'X-API-Key': issued.key } });
    expect(good.status).toBe(200);
    expect(good.body._meta).toMatchObject({ authenticated: true });
    expect(good.headers.get('x-ratelimit-limit')).toBe('60');
    // Another route from another address shares the user's window.
    const other = await getJson(`${app.url}/api/markets`, { headers: { ...nextClient(), 'X-API-Key': issued.key } });
    expect(other.headers.get('x-ratelimit-remaining')).toBe('58');

    for (const bad of ['svc_test_0123456789abcdef0123456789abcdef', 'garbage']) {
      const response = await getJson(`${app.url}/api/threads`, { headers: { ...nextClient(), 'X-API-Key': bad } });
      expect(response.status).toBe(200);
      expect(response.body._meta).toMatchObject({ authenticated: false });
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    }
  });

  it("in the app behind Google's load balancer: a key's allowlist admits the real client, never a forged entry", async () => {
    const user = await newUser();
    const office = '203.0.113.77';
    const issued = await issueApiKey(suite.db, pepper, {
      userId: user.id,
      tier: 'free',
      env: 'test',
      ipAllowlist: [office],
    });
    // The balancer appends `<client>,<its own address>`.
    const app = await startVerifying({ gatewayAppendedAddresses: 2 });
    const meta = async (forwardedFor: string) =>
      (
        await getJson(`${app.url}/api/threads`, {
          headers: { 'X-Forwarded-For': forwardedFor, 'X-API-Key': issued.key },
        })
      ).body._meta;
    expect(await meta(`198.51.100.250,${office},34.120.0.9`)).toMatchObject({ authenticated: true });
    expect(await meta(`${office},203.0.113.78,34.120.0.9`)).toMatchObject({ authenticated: false });
  });
});
