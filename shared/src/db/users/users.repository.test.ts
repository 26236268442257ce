import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { isDuplicateKeyError } from '../mysql-errors.js';
import { createUser, findUserByEmail, findUserById, listUsers } from './users.repository.js';

describe('users repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  const uniqueEmail = (): string => `user-${randomUUID()}@example.test`;

  it('creates an active user with a generated id and reads it back by id', async () => {
    const email = uniqueEmail();
    const user = await createUser(test.db, { email });

    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      smartAccountAddress: null,
      status: 'active',
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await findUserById(test.db, user.id)).toEqual(user);
  });

  it('stores emails trimmed and lower-cased and finds them case-insensitively', async () => {
    const email = uniqueEmail();
    const user = await createUser(test.db, { email: `  ${email.toUpperCase()} ` });

    expect(user.email).toBe(email);
    expect(await findUserByEmail(test.db, email.toUpperCase())).toEqual(user);
  });

  it('keeps a caller-chosen id and smart account address', async () => {
    const id = randomUUID();
    const address = `0x${'12'.repeat(20)}`;
    const user = await createUser(test.db, { id, email: uniqueEmail(), smartAccountAddress: address });

    expect(user).toMatchObject({ id, smartAccountAddress: address });
  });

  it('rejects a second user with the same email as a duplicate of users_email_unique', async () => {
    const email = uniqueEmail();
    await createUser(test.db, { email });

    const error = await createUser(test.db, { email: email.toUpperCase() }).catch((caught: unknown) => caught);
    expect(isDuplicateKeyError(error, 'users_email_unique')).toBe(true);
  });

  it('returns null for unknown ids and emails', async () => {
    expect(await findUserById(test.db, randomUUID())).toBeNull();
    expect(await findUserByEmail(test.db, uniqueEmail())).toBeNull();
  });
});

describe('users list', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('lists users newest first up to the limit', async () => {
    const first = await createUser(test.db, { email: `a-${randomUUID()}@example.test` });
    await test
      .db('users')
      .where({ id: first.id })
      .update({ created_at: new Date('2020-01-01T00:00:00Z') });
    const second = await createUser(test.db, { email: `b-${randomUUID()}@example.test` });
    expect((await listUsers(test.db, { limit: 10 })).map((user) => user.id)).toEqual([second.id, first.id]);
    expect(await listUsers(test.db, { limit: 1 })).toEqual([second]);
  });
});
