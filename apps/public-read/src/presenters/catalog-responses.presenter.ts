/* Response bodies of GET /api/organizations/{id} and GET /api/partners/{id}. */
import type { Organization } from '#shared/db/organizations/organizations.repository.js';
import type { Partner } from '#shared/db/partners/partners.repository.js';
import { toOrganizationView, toPartnerView } from './catalog.presenter.js';

export function presentOrganization(organization: Organization, requestedAt: Date) {
  return { organization: toOrganizationView(organization), _meta: { requestedAt: requestedAt.toISOString() } };
}

export function presentPartner(partner: Partner, requestedAt: Date) {
  return { partner: toPartnerView(partner), _meta: { requestedAt: requestedAt.toISOString() } };
}
