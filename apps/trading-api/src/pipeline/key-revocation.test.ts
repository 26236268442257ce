import { beforeAll, describe, expect, it } from '@jest/globals';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { callAs, createCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';
import { API_KEY_CACHE_TTL_MS } from '#shared/auth/api-key-cache.js';

const kit = useTradingApiKit();
beforeAll(() => {
  // Only advance() moves time here: the cache bound is asserted to the millisecond.
  kit.clock.freezeAt(kit.clock.now());
});

describe('revocation of a key this replica has cached', () => {
  it(`refuses the key with 401 API_KEY_REVOKED once API_KEY_CACHE_TTL_MS (${API_KEY_CACHE_TTL_MS} ms) has passed since its lookup`, async () => {
    const caller = await createCaller(kit);
    // The first request looks the key up in MySQL and caches it.
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(200);
    // `foretell-admin keys revoke` runs this function in its transaction.
    expect(await revokeApiKey(kit.database.db, caller.record.id, new Date(kit.clock.now()))).toBe(true);
    // Documented (docs/decisions/0011): lookups are reused for API_KEY_CACHE_TTL_MS, so the key still works meanwhile.
    kit.clock.advance(1_000);
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(200);
    kit.clock.advance(API_KEY_CACHE_TTL_MS - 1_000 + 1);
    const refused = await callAs(kit, caller, 'GET', '/v1/portfolio');
    expectProblemCode(refused, 401, 'API_KEY_REVOKED');
  });
});
