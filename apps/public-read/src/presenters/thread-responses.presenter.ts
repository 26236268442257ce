/*
 * Response bodies of the thread routes (and the organization/partner thread lists), from the use cases' domain
 * results. `_meta.requestedAt` and `_meta.authenticated` are refreshed on every response by the response cache.
 */
import type { ChapterWithMarketCount } from '../db/chapters/chapters.repository.js';
import type { ThreadWithTotals } from '#shared/db/threads/threads.repository.js';
import type { OffsetPage } from '#shared/domain/paging.js';
import type { ThreadSocialLinks } from '../use-cases/get-thread-social-links.use-case.js';
import type { ThreadOwner } from '../use-cases/list-threads.use-case.js';
import { toPagination } from './pagination.presenter.js';
import { readMeta, type ReadFacts } from './read-facts.presenter.js';
import { toChapterItems, toThreadDetail, toThreadItem } from './thread.presenter.js';

/** GET /api/threads, and the threads of an organization or partner (`owner`, echoed in `_meta`). */
export function presentThreadList(page: OffsetPage<ThreadWithTotals>, facts: ReadFacts, owner?: ThreadOwner) {
  return {
    threads: page.items.map(toThreadItem),
    pagination: toPagination(page),
    _meta: { ...readMeta(facts), ...owner },
  };
}

/** GET /api/threads/{id}. */
export function presentThread(thread: ThreadWithTotals, facts: ReadFacts) {
  return {
    thread: toThreadDetail(thread),
    _meta: readMeta(facts),
  };
}

/** GET /api/threads/{id}/chapters. */
export function presentThreadChapters(
  chapters: readonly ChapterWithMarketCount[],
  threadId: string,
  requestedAt: Date,
) {
  return { chapters: toChapterItems(chapters), _meta: { threadId, requestedAt: requestedAt.toISOString() } };
}

/** GET /api/threads/{id}/social-links for `amount` USD. */
export function presentThreadSocialLinks(links: ThreadSocialLinks, amount: number, requestedAt: Date) {
  const { thread, markets } = links;
  return {
    thread: { id: thread.id, title: thread.title, description: thread.description },
    markets,
    _meta: { requestedAt: requestedAt.toISOString(), amount, totalMarkets: markets.length },
  };
}
