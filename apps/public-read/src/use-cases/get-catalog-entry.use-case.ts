import { findOrganizationById, type Organization } from '#shared/db/organizations/organizations.repository.js';
import { findPartnerById, type Partner } from '#shared/db/partners/partners.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ReadContext } from './read-context.js';

export async function getOrganization(context: ReadContext, organizationId: string): Promise<Organization> {
  const organization = await findOrganizationById(context.db, organizationId);
  if (!organization) throw new AppError('NOT_FOUND', { detail: `Organization ${organizationId} does not exist.` });
  return organization;
}

export async function getPartner(context: ReadContext, partnerId: string): Promise<Partner> {
  const partner = await findPartnerById(context.db, partnerId);
  if (!partner) throw new AppError('NOT_FOUND', { detail: `Partner ${partnerId} does not exist.` });
  return partner;
}
