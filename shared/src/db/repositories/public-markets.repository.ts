/*
 * Read-only market queries of the public read API (/api): filtered, sorted, offset-paginated lists and the featured
 * list. Every filter column here leads one of the markets_* indexes (see migrations/20261122_0300_markets.ts).
 */
import type { Knex } from 'knex';
import { toInt } from '../column-values.js';
import type { Queryable } from '../transaction.js';
import { toMarket, type Market, type MarketStatus } from './markets.repository.js';

export type PublicMarketSortField = 'created_at' | 'total_volume' | 'current_probability' | 'title' | 'end_time';
export type PublicSortOrder = 'asc' | 'desc';

export interface PublicMarketFilter {
  /** Any of these statuses; absent or empty = every status. */
  statuses?: readonly MarketStatus[];
  category?: string;
  threadId?: string;
  organizationId?: string;
  partnerId?: string;
  chapterId?: string;
}

export interface PublicMarketPageQuery {
  filter: PublicMarketFilter;
  sortBy: PublicMarketSortField;
  sortOrder: PublicSortOrder;
  limit: number;
  offset: number;
}

export interface PublicPage<T> {
  items: T[];
  /** Rows matching the filter, whatever the page. */
  total: number;
}

const sortColumns: Record<PublicMarketSortField, string> = {
  created_at: 'created_at',
  total_volume: 'total_volume_cents',
  current_probability: 'current_probability',
  title: 'question',
  end_time: 'end_time',
};
const nullableSortColumns = new Set(['current_probability', 'end_time']);

function applyMarketFilter(query: Knex.QueryBuilder, filter: PublicMarketFilter): Knex.QueryBuilder {
  if (filter.statuses && filter.statuses.length === 1) query.where('status', filter.statuses[0]!);
  else if (filter.statuses && filter.statuses.length > 1) query.whereIn('status', [...filter.statuses]);
  if (filter.category !== undefined) query.where('category', filter.category);
  if (filter.threadId !== undefined) query.where('thread_id', filter.threadId);
  if (filter.organizationId !== undefined) query.where('organization_id', filter.organizationId);
  if (filter.partnerId !== undefined) query.where('partner_id', filter.partnerId);
  if (filter.chapterId !== undefined) query.where('chapter_id', filter.chapterId);
  return query;
}

/**
 * One page of markets and the filter's total, as two statements run side by side. Ties (and nulls, which sort
 * last in both orders) are broken by id in the same direction, so pages never overlap or skip rows.
 */
export async function listPublicMarkets(db: Queryable, query: PublicMarketPageQuery): Promise<PublicPage<Market>> {
  const column = sortColumns[query.sortBy];
  const page = applyMarketFilter(db('markets').select('*'), query.filter);
  if (nullableSortColumns.has(column)) page.orderByRaw(`?? IS NULL`, [column]);
  page
    .orderBy([
      { column, order: query.sortOrder },
      { column: 'id', order: query.sortOrder },
    ])
    .limit(query.limit)
    .offset(query.offset);
  const count = applyMarketFilter(db('markets').count({ total: '*' }), query.filter);
  const [rows, counted] = await Promise.all([page, count]);
  return {
    items: (rows as MarketRow[]).map(toMarket),
    total: toInt((counted as Array<{ total: unknown }>)[0]?.total ?? 0),
  };
}

/** Active featured markets, highest volume first (the featured list has no parameters; at most `limit`). */
export async function listFeaturedMarkets(db: Queryable, limit: number): Promise<Market[]> {
  const rows = (await db('markets')
    .select('*')
    .where({ featured: true, status: 'OPEN' })
    .orderBy([
      { column: 'total_volume_cents', order: 'desc' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as MarketRow[];
  return rows.map(toMarket);
}

/** Open markets of a thread that have a source post (the ones a social link can reply to), newest first. */
export async function listSocialLinkableMarkets(db: Queryable, threadId: string): Promise<Market[]> {
  const rows = (await db('markets')
    .select('*')
    .where({ thread_id: threadId, status: 'OPEN' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as MarketRow[];
  return rows.map(toMarket);
}

export type MarketRow = Record<string, unknown>;
