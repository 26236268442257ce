import { listChaptersWithMarketCounts, type ChapterWithMarketCount } from '../db/chapters/chapters.repository.js';
import { threadExists } from '#shared/db/threads/threads.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ReadContext } from './read-context.js';

/** A thread's chapters by position with their market counts; unknown thread → 404 NOT_FOUND. */
export async function listThreadChapters(context: ReadContext, threadId: string): Promise<ChapterWithMarketCount[]> {
  const [exists, chapters] = await Promise.all([
    threadExists(context.db, threadId),
    listChaptersWithMarketCounts(context.db, threadId),
  ]);
  if (!exists) throw new AppError('NOT_FOUND', { detail: `Thread ${threadId} does not exist.` });
  return chapters;
}
