import { describe, expect, it } from '@jest/globals';
import { runTypeScript } from '#tooling/testing/deployable-process.js';

describe('every deployable fails fast on bad configuration', () => {
  it.each([
    ['public-read', 'apps/public-read/src/main.ts'],
    ['trading-api', 'apps/trading-api/src/main.ts'],
    ['chain-executor', 'apps/chain-executor/src/main.ts'],
    ['webhook-dispatcher', 'apps/webhook-dispatcher/src/main.ts'],
    ['foretell-admin', 'apps/admin-cli/src/main.ts'],
  ])('%s exits 78 naming the bad variable before opening any connection', async (name, entry) => {
    const result = await runTypeScript(entry, [], { DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`${name}: Invalid configuration`);
    expect(result.stderr).toMatch(/DATABASE_URL: .*\(got "not a url"\)/);
    expect(result.stderr).toMatch(/LOG_LEVEL: .*\(got "loud"\)/);
  });
});
