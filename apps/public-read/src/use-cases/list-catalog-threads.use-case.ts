import { findOrganizationById } from '#shared/db/organizations/organizations.repository.js';
import { findPartnerById } from '#shared/db/partners/partners.repository.js';
import { type ThreadWithTotals } from '#shared/db/threads/threads.repository.js';
import type { OffsetPage } from '#shared/domain/paging.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ThreadListQuery } from '../openapi/operation-types.js';
import { listThreads, type ThreadOwner } from './list-threads.use-case.js';
import type { ReadContext } from './read-context.js';

/** The threads list of one organization or partner (same parameters as /api/threads); unknown owner → 404. */
export async function listOwnerThreads(
  context: ReadContext,
  owner: ThreadOwner,
  query: ThreadListQuery,
): Promise<OffsetPage<ThreadWithTotals>> {
  const [exists, page] = await Promise.all([
    'organizationId' in owner
      ? findOrganizationById(context.db, owner.organizationId)
      : findPartnerById(context.db, owner.partnerId),
    listThreads(context, { ...query, scope: owner }),
  ]);
  if (!exists) {
    const what = 'organizationId' in owner ? `Organization ${owner.organizationId}` : `Partner ${owner.partnerId}`;
    throw new AppError('NOT_FOUND', { detail: `${what} does not exist.` });
  }
  return page;
}
