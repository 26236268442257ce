/* Pure mapping of threads (with their on-read totals) and chapters to the public JSON items. */
import type { ChapterWithMarketCount } from '../db/chapters/chapters.repository.js';
import type { ThreadStatus, ThreadWithTotals } from '#shared/db/threads/threads.repository.js';
import { unixSeconds } from './wad.js';

export interface ThreadItem {
  id: string;
  title: string;
  description: string;
  totalVolume: number;
  marketCount: number;
  participantCount: number;
  /** Unix seconds; absent when the thread has none. */
  startTime?: number;
  endTime?: number;
  status: ThreadStatus;
  category: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface ThreadDetail extends ThreadItem {
  image: string | null;
  backgroundImage: string | null;
}

export interface ChapterItem {
  chapterId: string;
  title: string;
  position: number | null;
  total: number | null;
  marketCount: number;
}

export function toThreadItem(thread: ThreadWithTotals): ThreadItem {
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

export function toThreadDetail(thread: ThreadWithTotals): ThreadDetail {
  const { createdAt, updatedAt, ...item } = toThreadItem(thread);
  return { ...item, image: thread.imageUrl, backgroundImage: thread.backgroundImageUrl, createdAt, updatedAt };
}

/** Chapters in position order; `total` is the number of chapters in the thread. */
export function toChapterItems(chapters: readonly ChapterWithMarketCount[]): ChapterItem[] {
  return chapters.map((chapter) => ({
    chapterId: chapter.id,
    title: chapter.title,
    position: chapter.position,
    total: chapters.length,
    marketCount: chapter.marketCount,
  }));
}
