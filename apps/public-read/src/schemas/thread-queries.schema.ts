/* Query schemas of the thread endpoints (and of the organization/partner thread lists, which take the same). */
import { z } from 'zod';
import { threadStatuses } from '#shared/db/index.js';
import { csvParam, enumParam, integerParam, textParam } from '../http/query-params.js';

export const MAX_OFFSET = 2_147_483_647;
export const sortOrders = ['asc', 'desc'] as const;

/** GET /api/threads (DESIGN.md §6: default limit 20, sortOrder desc). */
export const threadListQuerySchema = z.strictObject({
  status: enumParam(threadStatuses).optional(),
  category: textParam(64).optional(),
  tags: csvParam().optional(),
  limit: integerParam(1, 100).default(20),
  offset: integerParam(0, MAX_OFFSET).default(0),
  sortBy: enumParam(['created_at', 'updated_at', 'total_volume', 'market_count', 'title']).default('created_at'),
  sortOrder: enumParam(sortOrders).default('desc'),
});
export type ThreadListQuery = z.output<typeof threadListQuerySchema>;

/** GET /api/threads/{id}/markets (DESIGN.md §6: default limit 50); no status = every status. */
export const threadMarketsQuerySchema = z.strictObject({
  status: enumParam(['active', 'resolved', 'cancelled', 'paused']).optional(),
  limit: integerParam(1, 100).default(50),
  offset: integerParam(0, MAX_OFFSET).default(0),
  sortBy: enumParam(['created_at', 'total_volume', 'current_probability', 'title']).default('created_at'),
  sortOrder: enumParam(sortOrders).default('desc'),
});
export type ThreadMarketsQuery = z.output<typeof threadMarketsQuerySchema>;

/** Endpoints that take no query parameters (unknown ones are still a 400). */
export const noQuerySchema = z.strictObject({});
