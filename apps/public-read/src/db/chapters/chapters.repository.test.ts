import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { isDuplicateKeyError } from '#shared/db/mysql-errors.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { createChapter, listChaptersByThread } from './chapters.repository.js';

describe('chapters repository', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(() => test.destroy());

  it('lists a thread’s chapters by position with unpositioned chapters last', async () => {
    const thread = await createThread(test.db, { title: 'T', status: 'active', category: 'c' });
    await createChapter(test.db, { threadId: thread.id, title: 'Loose' });
    await createChapter(test.db, { threadId: thread.id, title: 'Second', position: 2 });
    await createChapter(test.db, { threadId: thread.id, title: 'First', position: 1 });

    const chapters = await listChaptersByThread(test.db, thread.id);
    expect(chapters.map((chapter) => [chapter.title, chapter.position])).toEqual([
      ['First', 1],
      ['Second', 2],
      ['Loose', null],
    ]);
  });

  it('rejects two chapters at the same position of one thread', async () => {
    const thread = await createThread(test.db, { title: 'T', status: 'active', category: 'c' });
    await createChapter(test.db, { threadId: thread.id, title: 'One', position: 1 });

    const duplicate = createChapter(test.db, { threadId: thread.id, title: 'Also one', position: 1 });
    expect(
      isDuplicateKeyError(await duplicate.catch((error: unknown) => error), 'chapters_thread_position_unique'),
    ).toBe(true);
  });
});
