/* OpenAPI component schemas of whole response bodies. */
import { MAX_PAGE_LIMIT } from '#shared/domain/paging.js';
import { MAX_HISTORY_POINTS } from '../use-cases/get-market-detail.use-case.js';
import {
  array,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableString,
  number,
  object,
  ref,
  string,
  type JsonSchema,
} from './schema-helpers.js';

const authMeta = (extra: Record<string, JsonSchema> = {}, optional: string[] = []): JsonSchema =>
  object({ authenticated: boolean, requestedAt: dateTime, ...extra }, optional);
const requestedAtMeta = object({ requestedAt: dateTime });

export const responseSchemas: Record<string, JsonSchema> = {
  ThreadListResponse: object({
    threads: array(ref('Thread'), MAX_PAGE_LIMIT),
    pagination: ref('Pagination'),
    _meta: authMeta({ organizationId: string(), partnerId: string() }, ['organizationId', 'partnerId']),
  }),
  ThreadDetailResponse: object({ thread: ref('ThreadDetail'), _meta: authMeta() }),
  ThreadMarketsResponse: object({
    markets: array(ref('ThreadMarketItem'), MAX_PAGE_LIMIT),
    pagination: ref('Pagination'),
    _meta: authMeta(),
  }),
  ThreadChaptersResponse: object({
    chapters: array(ref('Chapter')),
    _meta: object({ threadId: string(), requestedAt: dateTime }),
  }),
  ThreadSocialLinksResponse: object({
    thread: object({ id: string(), title: string(), description: string() }),
    markets: array(ref('ThreadSocialLink')),
    _meta: object({ requestedAt: dateTime, amount: number('USD.'), totalMarkets: integer() }),
  }),
  MarketListResponse: object({ markets: array(ref('MarketListItem'), MAX_PAGE_LIMIT), pagination: ref('Pagination') }),
  TrendingResponse: object({
    markets: array(ref('TrendingMarketItem'), 50),
    timeframe: object({ trending: enumOf(['1d', '7d', '30d']) }),
  }),
  FeaturedResponse: object({ markets: array(ref('FeaturedMarketItem')), _meta: object({ count: integer() }) }),
  MarketDetailResponse: object(
    {
      market: ref('MarketDetail'),
      priceHistory: array(ref('PriceHistoryPoint'), MAX_HISTORY_POINTS),
      recentTrades: array(ref('RecentTrade'), MAX_PAGE_LIMIT),
      _meta: object({
        requestedAt: dateTime,
        includes: object({ history: boolean, trades: boolean, tradesCount: integer() }),
      }),
    },
    ['priceHistory', 'recentTrades'],
  ),
  MarketSocialLinkResponse: object({
    socialUrl: string('Full intent URL.'),
    postContent: string(),
    market: object({
      id: string(),
      question: string(),
      sourceSocialPostUrl: nullableString('The post the link replies to; null: a new post carrying the market page.'),
    }),
  }),
  OrganizationResponse: object({ organization: ref('Organization'), _meta: requestedAtMeta }),
  OrganizationMarketsResponse: object({
    markets: array(ref('OrganizationMarketItem'), MAX_PAGE_LIMIT),
    pagination: ref('Pagination'),
    _meta: object({ organizationId: string(), requestedAt: dateTime }),
  }),
  PartnerResponse: object({ partner: ref('Partner'), _meta: requestedAtMeta }),
};
