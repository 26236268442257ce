import { describe, expect, it } from '@jest/globals';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ADMIN_KEY, ANVIL_EXECUTOR_KEY } from '#shared/config/config-fields.js';
import { loadConfig } from '#shared/config/load-config.js';
import { anvilDevKey, executorSignerPool, npmStartConfigSchema, planReplicas } from './replicas.js';

const deployables = [
  { name: 'trading-api', entry: 'apps/trading-api/src/main.ts', port: 3000 },
  { name: 'chain-executor', entry: 'apps/chain-executor/src/main.ts', port: 3002 },
];

describe('REPLICAS=N npm start', () => {
  it('starts one process per deployable on its usual port by default', () => {
    const { REPLICAS } = loadConfig(npmStartConfigSchema, {});
    expect(planReplicas(deployables, REPLICAS, { A: '1' })).toEqual([
      { name: 'trading-api', entry: 'apps/trading-api/src/main.ts', port: 3000, env: { A: '1' } },
      { name: 'chain-executor', entry: 'apps/chain-executor/src/main.ts', port: 3002, env: { A: '1' } },
    ]);
  });

  it('puts replica i of each deployable on its port + 100·i, replica 0 keeping the plain name', () => {
    const plan = planReplicas(deployables, 3, {});
    expect(plan.map(({ name, port }) => [name, port])).toEqual([
      ['trading-api', 3000],
      ['trading-api#1', 3100],
      ['trading-api#2', 3200],
      ['chain-executor', 3002],
      ['chain-executor#1', 3102],
      ['chain-executor#2', 3202],
    ]);
  });

  it.each(['0', '11', '-1', '2.5', 'two', ''])('refuses REPLICAS=%j with a message naming the range', (value) => {
    expect(() => loadConfig(npmStartConfigSchema, { REPLICAS: value })).toThrow(
      /REPLICAS: must be a whole number from 1 to 10/,
    );
  });

  it('takes BLOCK_TIME in whole seconds from 0 (the default: each transaction mined at once) to 60', () => {
    expect(loadConfig(npmStartConfigSchema, {}).BLOCK_TIME).toBe(0);
    expect(loadConfig(npmStartConfigSchema, { BLOCK_TIME: '2' }).BLOCK_TIME).toBe(2);
    expect(loadConfig(npmStartConfigSchema, { BLOCK_TIME: '60' }).BLOCK_TIME).toBe(60);
  });

  it.each(['61', '-1', '1.5', 'fast', ''])('refuses BLOCK_TIME=%j with a message naming the range', (value) => {
    expect(() => loadConfig(npmStartConfigSchema, { BLOCK_TIME: value })).toThrow(
      /BLOCK_TIME: must be a whole number of seconds from 0 to 60/,
    );
  });

  it('refuses BLOCK_TIME with CHAIN_RPC_URL: a chain it did not start keeps its own block time', () => {
    expect(() => loadConfig(npmStartConfigSchema, { BLOCK_TIME: '2', CHAIN_RPC_URL: 'http://127.0.0.1:9545' })).toThrow(
      /BLOCK_TIME: sets the block time of the anvil npm start runs/,
    );
    expect(
      loadConfig(npmStartConfigSchema, { BLOCK_TIME: '0', CHAIN_RPC_URL: 'http://127.0.0.1:9545' }).BLOCK_TIME,
    ).toBe(0);
  });

  it('refuses a replica count whose last port would pass 65535', () => {
    expect(() => loadConfig(npmStartConfigSchema, { REPLICAS: '10', TRADING_API_PORT: '65000' })).toThrow(
      /TRADING_API_PORT: with REPLICAS=10 its last replica would listen on 65900/,
    );
  });

  it('gives the executor one signer per replica: EXECUTOR_PRIVATE_KEY, then anvil keys 1, 3, 4… never 0 or 2', () => {
    expect(
      executorSignerPool({ configured: undefined, single: ANVIL_EXECUTOR_KEY, admin: ANVIL_ADMIN_KEY, replicas: 1 }),
    ).toEqual([ANVIL_EXECUTOR_KEY]);
    const pool = executorSignerPool({
      configured: undefined,
      single: ANVIL_EXECUTOR_KEY,
      admin: ANVIL_ADMIN_KEY,
      replicas: 10,
    });
    expect(pool).toHaveLength(10);
    expect(new Set(pool).size).toBe(10);
    expect(pool).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(anvilDevKey));
    expect(pool).not.toContain(anvilDevKey(0));
    expect(pool).not.toContain(anvilDevKey(2));
    expect(privateKeyToAccount(anvilDevKey(0)).address).toBe(privateKeyToAccount(ANVIL_ADMIN_KEY).address);
  });

  it('keeps a custom EXECUTOR_PRIVATE_KEY first, and a configured EXECUTOR_PRIVATE_KEYS pool as given', () => {
    const own = anvilDevKey(42);
    expect(executorSignerPool({ configured: undefined, single: own, admin: ANVIL_ADMIN_KEY, replicas: 3 })).toEqual([
      own,
      anvilDevKey(1),
      anvilDevKey(3),
    ]);
    const configured = [anvilDevKey(5), anvilDevKey(6)];
    expect(executorSignerPool({ configured, single: own, admin: ANVIL_ADMIN_KEY, replicas: 4 })).toEqual(configured);
  });
});
