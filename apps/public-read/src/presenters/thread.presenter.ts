/* Pure mapping of threads (with their on-read totals) and chapters to the public JSON items. */
import type { ChapterWithMarketCount } from '../db/chapters/chapters.repository.js';
import type { ThreadWithTotals } from '#shared/db/threads/threads.repository.js';
import type { PublicSchemas } from '../openapi/operation-types.js';
import { unixSeconds } from './wad.js';

export function toThreadItem(thread: ThreadWithTotals): PublicSchemas['Thread'] {
  return {
    id: thread.id,
    title: thread.title,
    description: thread.description,
    totalVolume: thread.totals.totalVolumeCents,
    marketCount: thread.totals.marketCount,
    participantCount: thread.totals.participantCount,
    ...(thread.startTime ? { startTime: unixSeconds(thread.startTime) } : {}),
    ...(thread.endTime ? { endTime: unixSeconds(thread.endTime) } : {}),
    status: thread.status,
    category: thread.category,
    tags: thread.tags,
    createdAt: thread.createdAt.toISOString(),
    updatedAt: thread.updatedAt.toISOString(),
  };
}

export function toThreadDetail(thread: ThreadWithTotals): PublicSchemas['ThreadDetail'] {
  const { createdAt, updatedAt, ...item } = toThreadItem(thread);
  return { ...item, image: thread.imageUrl, backgroundImage: thread.backgroundImageUrl, createdAt, updatedAt };
}

/** Chapters in position order; `total` is the number of chapters in the thread. */
export function toChapterItems(chapters: readonly ChapterWithMarketCount[]): PublicSchemas['Chapter'][] {
  return chapters.map((chapter) => ({
    chapterId: chapter.id,
    title: chapter.title,
    position: chapter.position,
    total: chapters.length,
    marketCount: chapter.marketCount,
  }));
}
