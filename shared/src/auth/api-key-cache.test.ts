import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { createUser } from '../db/users/users.repository.js';
import { findApiKeyById } from '../db/api-keys/api-keys.repository.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { hashApiKey, pepperIdOf } from './api-key-format.js';
import { createApiKeyCache, type ApiKeyCacheOptions } from './api-key-cache.js';
import { issueApiKey } from '../../../apps/admin-cli/src/keys/issue-api-key.js';

const OLD = 'the-pepper-before-the-rotation-0123456789';
const NEW = 'the-pepper-after-the-rotation-98765432100';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const issueUnder = async (pepper: string) => {
  const user = await createUser(database.db, { email: `rotation-${randomUUID()}@test.example` });
  return issueApiKey(database.db, pepper, { userId: user.id, tier: 'developer', env: 'test' });
};
const cache = (options: Omit<ApiKeyCacheOptions, 'db'>) => createApiKeyCache({ db: database.db, ttlMs: 0, ...options });
/** A knex whose first query answers only once `paused` resolves: a replica descheduled between two queries. */
function pausedAfterFirstQuery(db: Knex, paused: Promise<void>): Knex {
  let first = true;
  return new Proxy(db, {
    apply(target, thisArg, args: unknown[]) {
      const builder = Reflect.apply(target, thisArg, args) as Knex.QueryBuilder;
      if (!first) return builder;
      first = false;
      const then = builder.then.bind(builder);
      return Object.assign(builder, {
        then: (onFulfilled: (value: unknown) => unknown, onRejected: (reason: unknown) => unknown) =>
          then(async (value: unknown) => {
            await paused;
            return value;
          }).then(onFulfilled, onRejected),
      });
    },
  });
}
const stored = async (id: string) => {
  const record = await findApiKeyById(database.db, id);
  return { keyHash: record?.keyHash, pepperId: record?.pepperId };
};

describe('API keys across a pepper rotation', () => {
  it('records the pepper of a new key', async () => {
    const { record } = await issueUnder(NEW);
    expect(record.pepperId).toBe(pepperIdOf(NEW));
  });

  it('authenticates a key hashed under the previous pepper and re-hashes it under the current one', async () => {
    const { key, record } = await issueUnder(OLD);
    expect(await cache({ pepper: NEW }).resolve(key)).toBeNull(); // the new pepper alone: unknown

    const resolved = await cache({ pepper: NEW, previousPepper: OLD }).resolve(key);
    expect(resolved?.record.id).toBe(record.id);
    expect(await stored(record.id)).toEqual({ keyHash: hashApiKey(NEW, key), pepperId: pepperIdOf(NEW) });

    // Moved: the new pepper alone finds it, the old one no longer does.
    expect((await cache({ pepper: NEW }).resolve(key))?.record.id).toBe(record.id);
    expect(await cache({ pepper: OLD }).resolve(key)).toBeNull();
  });

  it('tags a key from before pepper tracking the first time it is verified, and writes nothing after', async () => {
    const { key, record } = await issueUnder(NEW);
    await database.db('api_keys').where({ id: record.id }).update({ pepper_id: null });
    expect((await stored(record.id)).pepperId).toBeNull();
    await cache({ pepper: NEW }).resolve(key);
    expect(await stored(record.id)).toEqual({ keyHash: hashApiKey(NEW, key), pepperId: pepperIdOf(NEW) });
    const updatedAt = async () =>
      (await database.db('api_keys').where({ id: record.id }).first('updated_at')) as { updated_at: Date };
    const before = await updatedAt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache({ pepper: NEW }).resolve(key);
    expect(await updatedAt()).toEqual(before);
  });

  it('moves a key once when replicas verify it at the same moment, and every one of them authenticates it', async () => {
    // A replica that missed the key under the new pepper and then under the old one (moved in between) looks again.
    for (let round = 0; round < 5; round += 1) {
      const { key, record } = await issueUnder(OLD);
      const replicas = Array.from({ length: 8 }, () => cache({ pepper: NEW, previousPepper: OLD }));
      const results = await Promise.all(replicas.map((replica) => replica.resolve(key)));
      expect(results.map((result) => result?.record.id)).toEqual(Array(8).fill(record.id));
      expect(await stored(record.id)).toEqual({ keyHash: hashApiKey(NEW, key), pepperId: pepperIdOf(NEW) });
    }
  });

  it('finds a key another replica moved between its two lookups', async () => {
    const { key, record } = await issueUnder(OLD);
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const slow = createApiKeyCache({
      db: pausedAfterFirstQuery(database.db, paused),
      pepper: NEW,
      previousPepper: OLD,
      ttlMs: 0,
    });
    const resolving = slow.resolve(key); // misses under NEW, then waits before looking under OLD
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache({ pepper: NEW, previousPepper: OLD }).resolve(key); // another replica moves the key meanwhile
    release();
    expect((await resolving)?.record.id).toBe(record.id);
  });

  it('keeps working in both directions while a roll-out runs old and new settings side by side', async () => {
    // Step 1 of the runbook staged NEW as the previous pepper; step 2 swaps them. Mid-roll-out both kinds of
    // replica serve: each moves a key to its own current pepper and still finds it under the other.
    const { key, record } = await issueUnder(OLD);
    const staged = cache({ pepper: OLD, previousPepper: NEW });
    const swapped = cache({ pepper: NEW, previousPepper: OLD });
    for (const replica of [swapped, staged, swapped, staged, swapped]) {
      expect((await replica.resolve(key))?.record.id).toBe(record.id);
    }
    expect((await stored(record.id)).pepperId).toBe(pepperIdOf(NEW));
  });

  it('answers null for an unknown key under either pepper and writes nothing', async () => {
    const unknown = 'svc_test_0123456789abcdefghijABCDEFGHIJ01';
    const before = await database.db('api_keys').count({ n: '*' }).first();
    expect(await cache({ pepper: NEW, previousPepper: OLD }).resolve(unknown)).toBeNull();
    expect(await database.db('api_keys').count({ n: '*' }).first()).toEqual(before);
  });
});
