/* Organizations and partners as public branding metadata: only the documented members, never anything else. */
import type { Organization } from '#shared/db/organizations/organizations.repository.js';
import type { Partner } from '#shared/db/partners/partners.repository.js';
import type { PublicSchemas } from '../openapi/operation-types.js';

export function toOrganizationView(organization: Organization): PublicSchemas['Organization'] {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    displayName: organization.displayName,
    tagline: organization.tagline,
    colorPrimary: organization.colorPrimary,
    logoUrl: organization.logoUrl,
    status: organization.status,
  };
}

export function toPartnerView(partner: Partner): PublicSchemas['Partner'] {
  return {
    id: partner.id,
    organizationId: partner.organizationId,
    name: partner.name,
    slug: partner.slug,
    description: partner.description,
    displayName: partner.displayName,
    tagline: partner.tagline,
    colorPrimary: partner.colorPrimary,
    logoUrl: partner.logoUrl,
    websiteUrl: partner.websiteUrl,
    status: partner.status,
  };
}
