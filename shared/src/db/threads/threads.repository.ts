/*
 * The threads table: inserts, single rows, and the public read API's pages. A thread's totals (volume, market
 * count, participants) are aggregated on read from markets and market_trades — one grouped statement per page, never
 * one per thread — so they can never drift from their sources (migrations/20261122_0200_catalog.ts).
 */
import type { Knex } from 'knex';
import { newUuid } from '../../ids/ids.js';
import { toDate, toDateOrNull, toInt, toOneOf, toStringOrNull } from '../column-values.js';
import type { PublicPage, PublicSortOrder } from '../pages.js';
import { parseJsonColumn, type Queryable, type Row } from '../transaction.js';
import { readBack } from '../read-back.js';

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
  const row: Row | undefined = await db('threads').where({ id }).first();
  return row ? toThread(row) : null;
}

/** A `threads` row (SELECT *) as a Thread. */
export function toThread(row: Row): Thread {
  return {
    id: String(row.id),
    organizationId: toStringOrNull(row.organization_id),
    partnerId: toStringOrNull(row.partner_id),
    title: String(row.title),
    description: String(row.description),
    imageUrl: toStringOrNull(row.image_url),
    backgroundImageUrl: toStringOrNull(row.background_image_url),
    status: toOneOf(threadStatuses, row.status, 'threads.status'),
    category: String(row.category),
    tags: parseJsonColumn<string[]>(row.tags),
    startTime: toDateOrNull(row.start_time),
    endTime: toDateOrNull(row.end_time),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export type PublicThreadSortField = 'created_at' | 'updated_at' | 'total_volume' | 'market_count' | 'title';

export interface PublicThreadFilter {
  status?: ThreadStatus;
  category?: string;
  /** Threads carrying at least one of these tags. */
  tags?: readonly string[];
  organizationId?: string;
  partnerId?: string;
}

export interface PublicThreadPageQuery {
  filter: PublicThreadFilter;
  sortBy: PublicThreadSortField;
  sortOrder: PublicSortOrder;
  limit: number;
  offset: number;
}

export interface ThreadTotals {
  /** Sum of the thread's market volumes, in cents. */
  totalVolumeCents: number;
  marketCount: number;
  /** Distinct trading accounts across the thread's markets. */
  participantCount: number;
}

export interface ThreadWithTotals extends Thread {
  totals: ThreadTotals;
}

const noTotals: ThreadTotals = { totalVolumeCents: 0, marketCount: 0, participantCount: 0 };

function applyThreadFilter(query: Knex.QueryBuilder, filter: PublicThreadFilter): Knex.QueryBuilder {
  if (filter.status !== undefined) query.where('threads.status', filter.status);
  if (filter.category !== undefined) query.where('threads.category', filter.category);
  if (filter.organizationId !== undefined) query.where('threads.organization_id', filter.organizationId);
  if (filter.partnerId !== undefined) query.where('threads.partner_id', filter.partnerId);
  const tags = filter.tags ?? [];
  if (tags.length > 0) {
    query.where((any) => {
      for (const tag of tags) any.orWhereRaw('JSON_CONTAINS(threads.tags, ?)', [JSON.stringify(tag)]);
    });
  }
  return query;
}

/**
 * A thread's volume in whole cents: its markets' exact USDC volumes summed, then floored once (a sum of each
 * market's floored cents would lose up to a cent per market).
 */
const THREAD_VOLUME_CENTS = 'FLOOR(SUM(total_volume_atomic) / 10000) AS total_volume';

/** Markets per thread (count and volume), for sorting by a total across every thread that matches. */
function marketTotalsByThread(db: Queryable): Knex.QueryBuilder {
  return db('markets')
    .select('thread_id', db.raw(THREAD_VOLUME_CENTS))
    .count({ market_count: '*' })
    .whereNotNull('thread_id')
    .groupBy('thread_id')
    .as('market_totals');
}

/** One page of threads with their totals, and the filter's total row count. */
export async function listPublicThreads(
  db: Queryable,
  query: PublicThreadPageQuery,
): Promise<PublicPage<ThreadWithTotals>> {
  const page = applyThreadFilter(db('threads').select('threads.*'), query.filter);
  const { sortBy, sortOrder } = query;
  if (sortBy === 'total_volume' || sortBy === 'market_count') {
    page.leftJoin(marketTotalsByThread(db), 'market_totals.thread_id', 'threads.id');
    page.orderByRaw(`COALESCE(market_totals.${sortBy}, 0) ${sortOrder === 'asc' ? 'ASC' : 'DESC'}`);
  } else {
    page.orderBy(sortBy === 'title' ? 'threads.title' : `threads.${sortBy}`, sortOrder);
  }
  page.orderBy('threads.id', sortOrder).limit(query.limit).offset(query.offset);
  const count = applyThreadFilter(db('threads').count({ total: '*' }), query.filter);
  const [rows, counted]: [Row[], Array<{ total: unknown }>] = await Promise.all([page, count]);
  return { items: await withTotals(db, rows.map(toThread)), total: toInt(counted[0]?.total ?? 0) };
}

export async function findPublicThread(db: Queryable, id: string): Promise<ThreadWithTotals | null> {
  const thread = await findThreadById(db, id);
  return thread ? ((await withTotals(db, [thread]))[0] ?? null) : null;
}

async function withTotals(db: Queryable, threads: readonly Thread[]): Promise<ThreadWithTotals[]> {
  const ids = threads.map((thread) => thread.id);
  const totals = await threadTotals(db, ids);
  return threads.map((thread) => ({ ...thread, totals: totals.get(thread.id) ?? noTotals }));
}

export async function threadExists(db: Queryable, id: string): Promise<boolean> {
  return (await db('threads').where({ id }).first('id')) !== undefined;
}

/**
 * Totals of the given threads in one grouped statement: market count and volume from markets
 * (markets_thread_status_idx), distinct traders from market_trades (market_trades_market_trader_idx).
 */
export async function threadTotals(db: Queryable, threadIds: readonly string[]): Promise<Map<string, ThreadTotals>> {
  if (threadIds.length === 0) return new Map();
  const participants = db('market_trades')
    .join('markets as traded', 'traded.id', 'market_trades.market_id')
    .whereRaw('traded.thread_id = markets.thread_id')
    .countDistinct('market_trades.trader');
  const rows: Row[] = await db('markets')
    .select('thread_id', participants.as('participant_count'), db.raw(THREAD_VOLUME_CENTS))
    .count({ market_count: '*' })
    .whereIn('thread_id', [...threadIds])
    .groupBy('thread_id');
  return new Map(
    rows.map((row) => [
      String(row.thread_id),
      {
        totalVolumeCents: toInt(row.total_volume ?? 0),
        marketCount: toInt(row.market_count),
        participantCount: toInt(row.participant_count ?? 0),
      },
    ]),
  );
}
