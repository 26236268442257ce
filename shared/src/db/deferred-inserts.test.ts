import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { flushingInsertsAtEnd, insertAtEnd } from './deferred-inserts.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  for (const table of ['deferred_a', 'deferred_b']) {
    await test.db.schema.createTable(table, (columns) => {
      columns.integer('id').primary();
      columns.string('label', 16).notNullable().defaultTo('default');
    });
  }
});
afterAll(async () => {
  await test.destroy();
});

/** The INSERT statements `work` sends, by table. */
async function insertsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const listener = (query: { sql: string }) => {
    const match = /^insert into `(\w+)`/.exec(query.sql);
    if (match) sent.push(match[1]!);
  };
  test.db.on('query', listener);
  try {
    await work();
  } finally {
    test.db.off('query', listener);
  }
  return sent;
}

const idsOf = async (table: string) => (await test.db(table).orderBy('id').select('id', 'label')) as unknown[];

const countIn = async (trx: Knex.Transaction) => Number((await trx('deferred_a').count({ n: '*' }))[0]!.n);

async function clear(): Promise<void> {
  await test.db('deferred_a').delete();
  await test.db('deferred_b').delete();
}

describe('insertAtEnd', () => {
  it('in a flushing transaction, writes the rows of many calls as one INSERT per table at its end', async () => {
    await clear();
    const sent = await insertsDuring(() =>
      test.db.transaction((trx: Knex.Transaction) =>
        flushingInsertsAtEnd(trx, async () => {
          await insertAtEnd(trx, 'deferred_a', [{ id: 1, label: 'one' }]);
          await insertAtEnd(trx, 'deferred_b', [{ id: 10 }]);
          await insertAtEnd(trx, 'deferred_a', [{ id: 2 }, { id: 3, label: 'three' }]);
          // Deferred: the transaction's own reads do not see them yet.
          expect(await countIn(trx)).toBe(0);
        }),
      ),
    );

    expect(sent).toEqual(['deferred_a', 'deferred_b']);
    expect(await idsOf('deferred_a')).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'default' },
      { id: 3, label: 'three' },
    ]);
    expect(await idsOf('deferred_b')).toEqual([{ id: 10, label: 'default' }]);
  });

  it('inserts at once in a transaction that does not flush, and through the pool', async () => {
    await clear();
    await test.db.transaction(async (trx) => {
      await insertAtEnd(trx, 'deferred_a', [{ id: 1 }]);
      expect(await countIn(trx)).toBe(1);
    });
    await insertAtEnd(test.db, 'deferred_a', [{ id: 2 }]);

    expect(await idsOf('deferred_a')).toEqual([
      { id: 1, label: 'default' },
      { id: 2, label: 'default' },
    ]);
  });

  it('fails the whole transaction when the database refuses a deferred row, writing nothing', async () => {
    await clear();
    const attempt = test.db.transaction((trx: Knex.Transaction) =>
      flushingInsertsAtEnd(trx, async () => {
        await trx('deferred_b').insert({ id: 20 });
        await insertAtEnd(trx, 'deferred_a', [{ id: 1 }]);
        await insertAtEnd(trx, 'deferred_a', [{ id: 1 }]);
      }),
    );

    await expect(attempt).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(await idsOf('deferred_a')).toEqual([]);
    expect(await idsOf('deferred_b')).toEqual([]);
  });

  it('writes nothing of a work that throws', async () => {
    await clear();
    const attempt = test.db.transaction((trx: Knex.Transaction) =>
      flushingInsertsAtEnd(trx, async () => {
        await insertAtEnd(trx, 'deferred_a', [{ id: 1 }]);
        throw new Error('work failed');
      }),
    );

    await expect(attempt).rejects.toThrow('work failed');
    expect(await idsOf('deferred_a')).toEqual([]);
  });
});
