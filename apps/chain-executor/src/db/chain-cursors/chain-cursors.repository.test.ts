import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { deleteChainCursors, findChainCursor, listChainCursors, saveChainCursor } from './chain-cursors.repository.js';

describe('chain cursors repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  it('creates a cursor and moves it forwards and backwards', async () => {
    await saveChainCursor(test.db, { name: 'markets:7', chainId: 7, blockNumber: 10n, blockHash: '0xaa' });
    await saveChainCursor(test.db, { name: 'markets:7', chainId: 7, blockNumber: 2n ** 60n, blockHash: '0xbb' });
    expect(await findChainCursor(test.db, 'markets:7')).toEqual({
      name: 'markets:7',
      chainId: 7,
      blockNumber: 2n ** 60n,
      blockHash: '0xbb',
      updatedAt: expect.any(Date),
    });
    await saveChainCursor(test.db, { name: 'markets:7', chainId: 7, blockNumber: 3n, blockHash: null });
    expect(await findChainCursor(test.db, 'markets:7')).toMatchObject({ blockNumber: 3n, blockHash: null });
    expect(await findChainCursor(test.db, 'missing')).toBeNull();
  });

  it('lists and deletes one chain cursors by a literal name prefix', async () => {
    const save = (name: string, chainId: number) =>
      saveChainCursor(test.db, { name, chainId, blockNumber: 1n, blockHash: null });
    await save('idx:8', 8);
    await save('idx:8:genesis', 8);
    await save('idx:80', 80);
    await save('idx_8', 8);

    const names = async () => (await listChainCursors(test.db, { chainId: 8, namePrefix: 'idx:8' })).map((c) => c.name);
    expect(await names()).toEqual(['idx:8', 'idx:8:genesis']);
    expect(await listChainCursors(test.db, { chainId: 8, namePrefix: 'idx_' })).toHaveLength(1);
    expect(await deleteChainCursors(test.db, { chainId: 8, namePrefix: 'idx:8' })).toBe(2);
    expect(await names()).toEqual([]);
    expect(await findChainCursor(test.db, 'idx:80')).not.toBeNull();
    expect(await findChainCursor(test.db, 'idx_8')).not.toBeNull();
  });
});
