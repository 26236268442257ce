import { newUuid } from '../../ids/index.js';
import { toDate, toDateOrNull, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import { readBack } from './read-back.js';

export const threadStatuses = ['active', 'upcoming', 'completed', 'resolved', 'cancelled', 'paused'] as const;
export type ThreadStatus = (typeof threadStatuses)[number];

export interface Thread {
  id: string;
  organizationId: string | null;
  partnerId: string | null;
  title: string;
  /** May contain markdown. */
  description: string;
  imageUrl: string | null;
  backgroundImageUrl: string | null;
  status: ThreadStatus;
  category: string;
  tags: string[];
  startTime: Date | null;
  endTime: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewThread {
  id?: string;
  organizationId?: string | null;
  partnerId?: string | null;
  title: string;
  description?: string;
  imageUrl?: string | null;
  backgroundImageUrl?: string | null;
  status: ThreadStatus;
  category: string;
  tags?: string[];
  startTime?: Date | null;
  endTime?: Date | null;
}

type ThreadRow = Record<string, unknown>;

export async function createThread(db: Queryable, input: NewThread): Promise<Thread> {
  const id = input.id ?? newUuid();
  await db('threads').insert({
    id,
    organization_id: input.organizationId ?? null,
    partner_id: input.partnerId ?? null,
    title: input.title,
    description: input.description ?? '',
    image_url: input.imageUrl ?? null,
    background_image_url: input.backgroundImageUrl ?? null,
    status: input.status,
    category: input.category,
    tags: JSON.stringify(input.tags ?? []),
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
  });
  return readBack(await findThreadById(db, id), `thread ${id}`);
}

export async function findThreadById(db: Queryable, id: string): Promise<Thread | null> {
  const row = (await db('threads').where({ id }).first()) as ThreadRow | undefined;
  return row ? toThread(row) : null;
}

/** A `threads` row (SELECT *) as a Thread. */
export function toThread(row: ThreadRow): Thread {
  return {
    id: String(row.id),
    organizationId: toStringOrNull(row.organization_id),
    partnerId: toStringOrNull(row.partner_id),
    title: String(row.title),
    description: String(row.description),
    imageUrl: toStringOrNull(row.image_url),
    backgroundImageUrl: toStringOrNull(row.background_image_url),
    status: row.status as ThreadStatus,
    category: String(row.category),
    tags: parseJsonColumn<string[]>(row.tags),
    startTime: toDateOrNull(row.start_time),
    endTime: toDateOrNull(row.end_time),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
