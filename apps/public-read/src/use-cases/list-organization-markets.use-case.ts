import { findOrganizationById, listPublicMarkets } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { OrganizationMarketsQuery } from '../schemas/market-queries.schema.js';
import { toOrganizationMarketItem, type OrganizationMarketItem } from '../views/market-views.js';
import { toPagination, type Pagination } from '../views/pagination.js';
import { marketFilterOf } from './list-markets.use-case.js';
import type { ReadContext } from './read-context.js';

export interface OrganizationMarketsResult {
  markets: OrganizationMarketItem[];
  pagination: Pagination;
  _meta: { organizationId: string; requestedAt: string };
}

/** The market list filtered by organization (same selection as /api/markets?organizationId=), reduced items. */
export async function listOrganizationMarkets(
  context: ReadContext,
  organizationId: string,
  query: OrganizationMarketsQuery,
): Promise<OrganizationMarketsResult> {
  const requestedAt = context.now().toISOString();
  const [organization, page] = await Promise.all([
    findOrganizationById(context.db, organizationId),
    listPublicMarkets(context.db, {
      filter: marketFilterOf({ ...query, organizationId }),
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      limit: query.limit,
      offset: query.offset,
    }),
  ]);
  if (!organization) throw new AppError('NOT_FOUND', { detail: `Organization ${organizationId} does not exist.` });
  return {
    markets: page.items.map(toOrganizationMarketItem),
    pagination: toPagination(query.offset, query.limit, page.items.length, page.total),
    _meta: { organizationId, requestedAt },
  };
}
