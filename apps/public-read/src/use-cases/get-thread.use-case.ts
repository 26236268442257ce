import { findPublicThread } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import { toThreadDetail, type ThreadDetail } from '../views/thread-views.js';
import type { ReadContext, RequestMeta } from './read-context.js';

export interface ThreadDetailResult {
  thread: ThreadDetail;
  _meta: { authenticated: boolean; requestedAt: string };
}

export async function getThread(
  context: ReadContext,
  threadId: string,
  meta: RequestMeta,
): Promise<ThreadDetailResult> {
  const requestedAt = context.now().toISOString();
  const thread = await findPublicThread(context.db, threadId);
  if (!thread) throw new AppError('THREAD_NOT_FOUND', { detail: `Thread ${threadId} does not exist.` });
  return { thread: toThreadDetail(thread), _meta: { authenticated: meta.authenticated, requestedAt } };
}
