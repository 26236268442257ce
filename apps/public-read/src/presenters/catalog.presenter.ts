/* Organizations and partners as public branding metadata: only the documented members, never anything else. */
import type { Organization } from '#shared/db/organizations/organizations.repository.js';
import type { Partner, PartnerStatus } from '#shared/db/partners/partners.repository.js';

export interface OrganizationView {
  id: string;
  name: string;
  slug: string;
  displayName: string;
  tagline: string;
  colorPrimary: string;
  logoUrl: string | null;
  status: string | null;
}

export interface PartnerView {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  description: string | null;
  displayName: string | null;
  tagline: string;
  colorPrimary: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  status: PartnerStatus;
}

export function toOrganizationView(organization: Organization): OrganizationView {
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

export function toPartnerView(partner: Partner): PartnerView {
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
