import { findPublicThread, type ThreadWithTotals } from '#shared/db/threads/threads.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ReadContext } from './read-context.js';

/** A thread with its totals computed on read; unknown thread → 404 THREAD_NOT_FOUND. */
export async function getThread(context: ReadContext, threadId: string): Promise<ThreadWithTotals> {
  const thread = await findPublicThread(context.db, threadId);
  if (!thread) throw new AppError('THREAD_NOT_FOUND', { detail: `Thread ${threadId} does not exist.` });
  return thread;
}
