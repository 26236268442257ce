/*
 * List queries of the markets table: filtered, sorted, offset-paginated pages and the featured list (/api), keyset
 * pages newest first (/v1), a thread's linkable markets, and markets with trades in a window. Every filter column
 * here leads one of the markets_* indexes (see migrations/20261122_0300_markets.ts).
 */
import type { Knex } from 'knex';
import { toBigInt, toInt } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { applyKeysetAfter, type KeysetAfter, type PublicPage, type PublicSortOrder } from '../pages.js';
import type { MarketState } from '../../domain/market-status.js';
import { toMarket, type Market } from './market-rows.js';

export type PublicMarketSortField = 'created_at' | 'total_volume' | 'current_probability' | 'title' | 'end_time';
export interface PublicMarketFilter {
  /** Any of these statuses; absent or empty = every status. */
  statuses?: readonly MarketState[];
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

const sortColumns: Record<PublicMarketSortField, string> = {
  created_at: 'created_at',
  total_volume: 'total_volume_cents',
  current_probability: 'current_probability',
  title: 'question',
  end_time: 'end_time',
};
const nullableSortColumns = new Set(['current_probability', 'end_time']);

function applyMarketFilter(query: Knex.QueryBuilder, filter: PublicMarketFilter): Knex.QueryBuilder {
  const [onlyStatus, ...otherStatuses] = filter.statuses ?? [];
  if (onlyStatus !== undefined && otherStatuses.length === 0) query.where('status', onlyStatus);
  else if (onlyStatus !== undefined) query.whereIn('status', [onlyStatus, ...otherStatuses]);
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
  // The builders are knex's untyped QueryBuilder: rows of `markets` (converted by toMarket) and one count row.
  const [rows, counted]: [Row[], Array<{ total: unknown }>] = await Promise.all([page, count]);
  return {
    items: rows.map(toMarket),
    total: toInt(counted[0]?.total ?? 0),
  };
}

/** Active featured markets, highest volume first (the featured list has no parameters; at most `limit`). */
export async function listFeaturedMarkets(db: Queryable, limit: number): Promise<Market[]> {
  const rows: Row[] = await db('markets')
    .select('*')
    .where({ featured: true, status: 'OPEN' })
    .orderBy([
      { column: 'total_volume_cents', order: 'desc' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toMarket);
}

/** Open markets of a thread that have a source post (the ones a social link can reply to), newest first. */
export async function listSocialLinkableMarkets(db: Queryable, threadId: string): Promise<Market[]> {
  const rows: Row[] = await db('markets')
    .select('*')
    .where({ thread_id: threadId, status: 'OPEN' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(toMarket);
}

export interface MarketActivity {
  market: Market;
  tradeCount: number;
  /** USDC atomic traded in the window (buys and sells). */
  volumeAtomic: bigint;
  uniqueTraders: number;
}

export interface ActivityQuery {
  /** Start of the window (inclusive). */
  since: Date;
  category?: string;
  /** Only markets whose total volume is at least this many cents. */
  minTotalVolumeCents?: number;
}

/**
 * Open markets with at least one trade since `since`, each with its trade count, volume and distinct traders in
 * that window, in one statement: the filtered open markets drive a range scan of market_trades_market_time_idx per
 * market (never a scan of every trade), grouped per market.
 */
export async function listMarketActivity(db: Queryable, query: ActivityQuery): Promise<MarketActivity[]> {
  const recent = db('markets as active')
    .join('market_trades as trade', function joinWindow() {
      this.on('trade.market_id', '=', 'active.id').andOn('trade.block_time', '>=', db.raw('?', [query.since]));
    })
    .select('trade.market_id')
    .count({ recent_trades: '*' })
    .sum({ recent_usdc: 'trade.usdc' })
    .countDistinct({ recent_traders: 'trade.trader' })
    .where('active.status', 'OPEN')
    .groupBy('trade.market_id');
  if (query.category !== undefined) recent.where('active.category', query.category);
  if (query.minTotalVolumeCents !== undefined) {
    recent.where('active.total_volume_cents', '>=', query.minTotalVolumeCents);
  }
  const rows: Row[] = await db('markets')
    .select('markets.*', 'recent.recent_trades', 'recent.recent_usdc', 'recent.recent_traders')
    .join(recent.as('recent'), 'recent.market_id', 'markets.id');
  return rows.map((row) => ({
    market: toMarket(row),
    tradeCount: toInt(row.recent_trades),
    volumeAtomic: toBigInt(row.recent_usdc ?? 0),
    uniqueTraders: toInt(row.recent_traders),
  }));
}

export interface MarketKeysetQuery {
  /** Any of these statuses; absent = every status. */
  statuses?: readonly MarketState[];
  category?: string;
  threadId?: string;
  after?: KeysetAfter;
  /** Rows to read (callers ask for one more than the page to learn whether another page exists). */
  limit: number;
}

/** Markets newest first on (created_at, id) (markets_created_idx / markets_status_created_idx). */
export async function listMarketsKeyset(db: Queryable, query: MarketKeysetQuery): Promise<Market[]> {
  const builder = db('markets').select('*');
  if (query.statuses && query.statuses.length > 0) builder.whereIn('status', [...query.statuses]);
  if (query.category !== undefined) builder.where('category', query.category);
  if (query.threadId !== undefined) builder.where('thread_id', query.threadId);
  applyKeysetAfter(builder, 'created_at', query.after);
  const rows: Row[] = await builder
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit);
  return rows.map(toMarket);
}
