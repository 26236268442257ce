import { describe, expect, it } from '@jest/globals';
import {
  adminCliConfigSchema,
  chainExecutorConfigSchema,
  localStackConfigSchema,
  publicReadConfigSchema,
  tradingApiConfigSchema,
  webhookDispatcherConfigSchema,
} from './app-configs.js';
import { ANVIL_EXECUTOR_KEY } from './config-fields.js';
import { ConfigError, loadConfig, redactIfSecret } from './load-config.js';

describe('loadConfig', () => {
  it.each([
    ['public-read', publicReadConfigSchema, 3001],
    ['trading-api', tradingApiConfigSchema, 3000],
    ['chain-executor', chainExecutorConfigSchema, 3002],
    ['webhook-dispatcher', webhookDispatcherConfigSchema, 3003],
  ] as const)('gives %s a working local default for every setting', (_name, schema, port) => {
    const config = loadConfig(schema, {});
    expect(config.PORT).toBe(port);
    expect(config.DATABASE_URL).toBe('mysql://root@127.0.0.1:3306/foretell');
    expect(config.SERVICE_ENV).toBe('test');
  });

  it('gives the admin CLI and the local stack defaults too', () => {
    expect(loadConfig(adminCliConfigSchema, {}).API_KEY_PEPPER.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(localStackConfigSchema, {}).PUBLIC_READ_PORT).toBe(3001);
  });

  it.each([
    ['trading-api', tradingApiConfigSchema, ['API_KEY_PEPPER_PREVIOUS']],
    ['public-read', publicReadConfigSchema, ['API_KEY_PEPPER_PREVIOUS']],
    ['webhook-dispatcher', webhookDispatcherConfigSchema, ['WEBHOOK_SECRET_KEY_PREVIOUS']],
    ['admin CLI', adminCliConfigSchema, ['API_KEY_PEPPER_PREVIOUS', 'WEBHOOK_SECRET_KEY_PREVIOUS']],
  ] as const)(
    'gives %s the previous secrets of a rotation: optional, 32+ characters, not the current one',
    (_name, schema, names) => {
      const previous = 'the-value-before-the-rotation-0123456789';
      for (const name of names) {
        const current = name.replace('_PREVIOUS', '');
        expect((loadConfig(schema, {}) as Record<string, unknown>)[name]).toBeUndefined();
        expect((loadConfig(schema, { [name]: '' }) as Record<string, unknown>)[name]).toBeUndefined();
        expect((loadConfig(schema, { [name]: previous }) as Record<string, unknown>)[name]).toBe(previous);
        expect(() => loadConfig(schema, { [name]: 'too-short' })).toThrow(new RegExp(`${name}: must be at least 32`));
        expect(() => loadConfig(schema, { [name]: previous, [current]: previous })).toThrow(
          new RegExp(`${name}: must differ from ${current}`),
        );
      }
    },
  );

  it('coerces numbers and splits the kill-switch list', () => {
    const config = loadConfig(publicReadConfigSchema, { PORT: '8080', ROUTE_DISABLED: 'GET /api/markets, *' });
    expect(config.PORT).toBe(8080);
    expect(config.ROUTE_DISABLED).toEqual(['GET /api/markets', '*']);
  });

  it('ends MARKET_PAGE_URL with a slash, so the market id appended to it is a path segment', () => {
    expect(loadConfig(publicReadConfigSchema, { MARKET_PAGE_URL: 'https://x.example/m' }).MARKET_PAGE_URL).toBe(
      'https://x.example/m/',
    );
    expect(loadConfig(publicReadConfigSchema, {}).MARKET_PAGE_URL).toBe('https://foretell.example/markets/');
  });

  it.each([
    ['trading-api', tradingApiConfigSchema],
    ['public-read', publicReadConfigSchema],
  ] as const)(
    'reads GATEWAY_APPENDED_ADDRESSES for %s: 1 by default, a whole number of at least 1',
    (_name, schema) => {
      expect(loadConfig(schema, {}).GATEWAY_APPENDED_ADDRESSES).toBe(1);
      expect(loadConfig(schema, { TRUST_PROXY: '10.129.0.0/23', GATEWAY_APPENDED_ADDRESSES: '2' })).toMatchObject({
        TRUST_PROXY: '10.129.0.0/23',
        GATEWAY_APPENDED_ADDRESSES: 2,
      });
      for (const bad of ['0', '-1', '1.5', 'two']) {
        expect(() => loadConfig(schema, { GATEWAY_APPENDED_ADDRESSES: bad })).toThrow(/GATEWAY_APPENDED_ADDRESSES/);
      }
    },
  );

  it('names every bad variable and the value it got', () => {
    const attempt = () =>
      loadConfig(tradingApiConfigSchema, { PORT: 'eighty', SERVICE_ENV: 'prod', DATABASE_URL: 'nope' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT: .*\(got "eighty"\)/);
      expect(message).toMatch(/SERVICE_ENV: .*\(got "prod"\)/);
      expect(message).toMatch(/DATABASE_URL: .*\(got "nope"\)/);
    }
  });

  it('refuses an outbox republish delay under a second (writers mark their rows up to 50 ms after sending)', () => {
    expect(() => loadConfig(chainExecutorConfigSchema, { OUTBOX_REPUBLISH_AFTER_MS: '500' })).toThrow(
      /OUTBOX_REPUBLISH_AFTER_MS: .*\(got "500"\)/,
    );
    expect(loadConfig(chainExecutorConfigSchema, {}).OUTBOX_REPUBLISH_AFTER_MS).toBe(5_000);
  });

  it('never echoes a secret value in the error', () => {
    expect(() => loadConfig(tradingApiConfigSchema, { API_KEY_PEPPER: 'short-secret' })).toThrow(
      /API_KEY_PEPPER: .*\(got "\*\*\*"\)/,
    );
  });

  it('echoes a bad URL without the credentials in it, keeping what shows the mistake', () => {
    // Malformed (a bad port, a space in the host, no scheme), so the schema refuses and echoes them.
    const env = {
      DATABASE_URL: 'mysql://foretell_app:hunter2@db.internal:33o6/foretell',
      AMQP_URL: 'amqp://guest:s3/cret@rabbit internal:5672',
      REDIS_URL: ':t0ken@cache.internal:6379',
    };
    let message = '';
    try {
      loadConfig(tradingApiConfigSchema, env);
    } catch (error) {
      message = error instanceof ConfigError ? error.message : '';
    }
    expect(message).toMatch(/DATABASE_URL: .*\(got "mysql:\/\/\*\*\*@db\.internal:33o6"\)/);
    expect(message).toMatch(/AMQP_URL: .*\(got "amqp:\/\/\*\*\*@rabbit internal:5672"\)/);
    expect(message).toMatch(/REDIS_URL: .*\(got "\*\*\*@cache\.internal:6379"\)/);
    for (const secret of ['hunter2', 's3', 'cret', 't0ken', 'foretell_app', 'guest'])
      expect(message).not.toContain(secret);
  });

  it('hides the credentials of every URL in a list, its paths and queries, and anything unparsable before its host', () => {
    expect(redactIfSecret('RPC_URLS', 'https://a:b@one.example/x,wss://c:d@two.example')).toBe(
      'https://***@one.example/…,wss://***@two.example',
    );
    expect(redactIfSecret('CHAIN_RPC_URL', 'https://mainnet.example/v3/0123abcd?key=1')).toBe(
      'https://mainnet.example/…',
    );
    expect(redactIfSecret('DATABASE_URL', 'mysql://db.internal:3306')).toBe('mysql://db.internal:3306');
    // No host part, a password holding `://`, no scheme at all: nothing of them shows.
    expect(redactIfSecret('DATABASE_URL', 'foretell_app:s3cret')).toBe('***');
    expect(redactIfSecret('DATABASE_URL', 'mysql://u:ab,c://x@h:1o')).toBe('mysql://***,c://***@h:1o');
    expect(redactIfSecret('OPS_CONTACT', 'ops@foretell.example')).toBe('ops@foretell.example');
  });
});

describe('live mode', () => {
  it('refuses the public development keys and pepper', () => {
    expect(() => loadConfig(chainExecutorConfigSchema, { SERVICE_ENV: 'live' })).toThrow(
      /EXECUTOR_PRIVATE_KEYS: must not be a public development default in live mode/,
    );
    expect(() => loadConfig(tradingApiConfigSchema, { SERVICE_ENV: 'live' })).toThrow(/API_KEY_PEPPER: must not be/);
    expect(() => loadConfig(adminCliConfigSchema, { SERVICE_ENV: 'live' })).toThrow(/PLATFORM_ADMIN_PRIVATE_KEY/);
    expect(() => loadConfig(adminCliConfigSchema, { SERVICE_ENV: 'live' })).toThrow(/WEBHOOK_SECRET_KEY: must not be/);
    expect(() => loadConfig(publicReadConfigSchema, { SERVICE_ENV: 'live' })).toThrow(/API_KEY_PEPPER: must not be/);
  });

  it('accepts explicitly set secrets: a signer pool, or one key, without the other variable', () => {
    const [one, two] = [`0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(32)}`];
    const single = loadConfig(chainExecutorConfigSchema, { SERVICE_ENV: 'live', EXECUTOR_PRIVATE_KEY: one });
    expect(single.EXECUTOR_PRIVATE_KEYS).toEqual([one]);
    const pool = loadConfig(chainExecutorConfigSchema, { SERVICE_ENV: 'live', EXECUTOR_PRIVATE_KEYS: `${one},${two}` });
    expect(pool.EXECUTOR_PRIVATE_KEYS).toEqual([one, two]);
    expect(loadConfig(chainExecutorConfigSchema, {}).EXECUTOR_PRIVATE_KEYS).toEqual([ANVIL_EXECUTOR_KEY]);
  });

  it('rejects a malformed private key', () => {
    expect(() => loadConfig(chainExecutorConfigSchema, { EXECUTOR_PRIVATE_KEY: '0x1234' })).toThrow(
      /32-byte hex private key/,
    );
  });
});

describe('webhook dispatcher settings', () => {
  it('refuses a lease that does not outlast two delivery timeouts, naming the variable', () => {
    expect(() =>
      loadConfig(webhookDispatcherConfigSchema, { WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_LEASE_MS: '20000' }),
    ).toThrow(/WEBHOOK_LEASE_MS/);
    expect(
      loadConfig(webhookDispatcherConfigSchema, { WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_LEASE_MS: '20001' })
        .WEBHOOK_LEASE_MS,
    ).toBe(20_001);
  });
});
