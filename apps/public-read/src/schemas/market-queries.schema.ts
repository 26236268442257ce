/* Query schemas of the market endpoints. */
import { z } from 'zod';
import { marketStatusFilters } from '#shared/domain/market-status.js';
import { booleanParam, decimalParam, enumParam, integerParam, textParam } from '../http/query-params.js';
import { MAX_OFFSET, sortOrders } from './thread-queries.schema.js';

const marketSortFields = ['created_at', 'total_volume', 'current_probability', 'title', 'end_time'] as const;

const marketPageFields = {
  status: enumParam(marketStatusFilters).default('active'),
  category: textParam(64).optional(),
  limit: integerParam(1, 100).default(50),
  offset: integerParam(0, MAX_OFFSET).default(0),
  sortBy: enumParam(marketSortFields).default('created_at'),
  sortOrder: enumParam(sortOrders).default('desc'),
};

/** GET /api/markets; `thread_id` is an alias of `threadId` (both given: they must agree). */
export const marketListQuerySchema = z
  .strictObject({
    ...marketPageFields,
    threadId: textParam(64).optional(),
    thread_id: textParam(64).optional(),
    organizationId: textParam(64).optional(),
    partnerId: textParam(64).optional(),
    chapterId: textParam(64).optional(),
  })
  .superRefine((query, context) => {
    if (query.threadId !== undefined && query.thread_id !== undefined && query.threadId !== query.thread_id) {
      context.addIssue({ code: 'custom', path: ['thread_id'], message: 'must equal threadId when both are given' });
    }
  })
  .transform(({ thread_id, ...query }) => ({ ...query, threadId: query.threadId ?? thread_id }));
export type MarketListQuery = z.output<typeof marketListQuerySchema>;

/** GET /api/organizations/{id}/markets: the market list with the organization fixed by the path. */
export const organizationMarketsQuerySchema = z.strictObject(marketPageFields);
export type OrganizationMarketsQuery = z.output<typeof organizationMarketsQuerySchema>;

export const trendingTimeframes = ['1d', '7d', '30d'] as const;
export type TrendingTimeframe = (typeof trendingTimeframes)[number];

/** GET /api/markets/trending; `minVolume` is in cents and applies to the market's totalVolume. */
export const trendingQuerySchema = z.strictObject({
  timeframe: enumParam(trendingTimeframes).default('7d'),
  limit: integerParam(1, 50).default(10),
  category: textParam(64).optional(),
  minVolume: decimalParam(0, 1e15, 2).optional(),
});
export type TrendingQuery = z.output<typeof trendingQuerySchema>;

/** GET /api/markets/{id}: `trades_limit` applies only with trades=true (still validated without it). */
export const marketDetailQuerySchema = z.strictObject({
  history: booleanParam().default(false),
  trades: booleanParam().default(false),
  trades_limit: integerParam(1, 100).default(20),
});
export type MarketDetailQuery = z.output<typeof marketDetailQuerySchema>;

const UINT256_LIMIT = 2n ** 256n;
const amountMessage = 'must be a positive integer string in atomic units (buy: USDC atomic-6, sell: tokens WAD-18)';

/** GET /api/markets/{id}/quote; the outcome range is checked against the market's outcomes afterwards. */
export const quoteQuerySchema = z.strictObject({
  outcomeIndex: integerParam(0, 99),
  action: enumParam(['buy', 'sell']),
  amount: z
    .string({ error: amountMessage })
    .regex(/^\d{1,78}$/, amountMessage)
    .transform((value) => BigInt(value))
    .refine((value) => value > 0n, 'must be greater than zero')
    .refine((value) => value < UINT256_LIMIT, 'must be below 2^256'),
});
export type QuoteQuery = z.output<typeof quoteQuerySchema>;
