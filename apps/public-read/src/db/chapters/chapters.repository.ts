import { newUuid } from '#shared/ids/ids.js';
import { toDate, toInt, toIntOrNull } from '#shared/db/column-values.js';
import type { Queryable, Row } from '#shared/db/transaction.js';
import { readBack } from '#shared/db/read-back.js';

export interface Chapter {
  id: string;
  threadId: string;
  title: string;
  /** Ordering within the thread; unique per thread when set. */
  position: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewChapter {
  id?: string;
  threadId: string;
  title: string;
  position?: number | null;
}

export async function createChapter(db: Queryable, input: NewChapter): Promise<Chapter> {
  const id = input.id ?? newUuid();
  await db('chapters').insert({ id, thread_id: input.threadId, title: input.title, position: input.position ?? null });
  return readBack(await findChapterById(db, id), `chapter ${id}`);
}

export async function findChapterById(db: Queryable, id: string): Promise<Chapter | null> {
  const row: Row | undefined = await db('chapters').where({ id }).first();
  return row ? toChapter(row) : null;
}

/** A thread's chapters by position (unpositioned chapters last, oldest first). */
export async function listChaptersByThread(db: Queryable, threadId: string): Promise<Chapter[]> {
  const rows: Row[] = await db('chapters')
    .where({ thread_id: threadId })
    .orderByRaw('`position` IS NULL, `position`, created_at, id');
  return rows.map(toChapter);
}

function toChapter(row: Row): Chapter {
  return {
    id: String(row.id),
    threadId: String(row.thread_id),
    title: String(row.title),
    position: toIntOrNull(row.position),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export interface ChapterWithMarketCount {
  id: string;
  title: string;
  position: number | null;
  marketCount: number;
}

/** A thread's chapters by position (unpositioned last), each with its number of markets. */
export async function listChaptersWithMarketCounts(db: Queryable, threadId: string): Promise<ChapterWithMarketCount[]> {
  const counts = db('markets')
    .select('chapter_id')
    .count({ market_count: '*' })
    .where('thread_id', threadId)
    .whereNotNull('chapter_id')
    .groupBy('chapter_id')
    .as('chapter_counts');
  const rows: Row[] = await db('chapters')
    .select('chapters.id', 'chapters.title', 'chapters.position', 'chapter_counts.market_count')
    .leftJoin(counts, 'chapter_counts.chapter_id', 'chapters.id')
    .where('chapters.thread_id', threadId)
    .orderByRaw('chapters.`position` IS NULL, chapters.`position`, chapters.created_at, chapters.id');
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    position: toIntOrNull(row.position),
    marketCount: toInt(row.market_count ?? 0),
  }));
}
