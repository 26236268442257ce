import { findOrganizationById } from '#shared/db/organizations/organizations.repository.js';
import { listPublicMarkets } from '#shared/db/markets/market-lists.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { offsetPage, type OffsetPage } from '#shared/domain/paging.js';
import { AppError } from '#shared/errors/app-error.js';
import type { OrganizationMarketsQuery } from '../openapi/operation-types.js';
import { marketFilterOf } from './list-markets.use-case.js';
import type { ReadContext } from './read-context.js';

/** The market list filtered by organization (same selection as /api/markets?organizationId=). */
export async function listOrganizationMarkets(
  context: ReadContext,
  organizationId: string,
  query: OrganizationMarketsQuery,
): Promise<OffsetPage<Market>> {
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
  return offsetPage(page.items, query, page.total);
}
