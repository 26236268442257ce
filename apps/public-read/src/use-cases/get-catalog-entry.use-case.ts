import { findOrganizationById, findPartnerById } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import { toOrganizationView, toPartnerView, type OrganizationView, type PartnerView } from '../views/catalog-views.js';
import type { ReadContext } from './read-context.js';

export async function getOrganization(
  context: ReadContext,
  organizationId: string,
): Promise<{ organization: OrganizationView; _meta: { requestedAt: string } }> {
  const requestedAt = context.now().toISOString();
  const organization = await findOrganizationById(context.db, organizationId);
  if (!organization) throw new AppError('NOT_FOUND', { detail: `Organization ${organizationId} does not exist.` });
  return { organization: toOrganizationView(organization), _meta: { requestedAt } };
}

export async function getPartner(
  context: ReadContext,
  partnerId: string,
): Promise<{ partner: PartnerView; _meta: { requestedAt: string } }> {
  const requestedAt = context.now().toISOString();
  const partner = await findPartnerById(context.db, partnerId);
  if (!partner) throw new AppError('NOT_FOUND', { detail: `Partner ${partnerId} does not exist.` });
  return { partner: toPartnerView(partner), _meta: { requestedAt } };
}
