import { describe, expect, it } from '@jest/globals';
import { hashApiKey, pepperIdOf } from '#shared/auth/api-key-format.js';
import { findApiKeyById } from '#shared/db/api-keys/api-keys.repository.js';
import { callAs, createCaller, TEST_PEPPER } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const NEW_PEPPER = 'the-trading-api-pepper-after-rotation-0001';
// A replica deployed mid-rotation: API_KEY_PEPPER is the new pepper, the keys were issued under the old one.
const kit = useTradingApiKit({ apiKeyPepper: NEW_PEPPER, apiKeyPepperPrevious: TEST_PEPPER, keyCacheTtlMs: 0 });

describe('an API-key pepper rotation (API_KEY_PEPPER_PREVIOUS)', () => {
  it('authenticates a key hashed under the previous pepper and moves its hash to the current one', async () => {
    const caller = await createCaller(kit); // hashed under TEST_PEPPER, the previous pepper here
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(200);
    const stored = await findApiKeyById(kit.database.db, caller.record.id);
    expect(stored).toMatchObject({ keyHash: hashApiKey(NEW_PEPPER, caller.key), pepperId: pepperIdOf(NEW_PEPPER) });
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(200);
  });

  it('still refuses a key under neither pepper with 401 API_KEY_INVALID', async () => {
    const caller = await createCaller(kit);
    const other = `${caller.key.slice(0, -1)}${caller.key.endsWith('x') ? 'y' : 'x'}`;
    const refused = await callAs(kit, { ...caller, key: other }, 'GET', '/v1/portfolio');
    expectProblemCode(refused, 401, 'API_KEY_INVALID');
  });
});
