import { listOrganizations, type Organization } from '#shared/db/organizations/organizations.repository.js';
import { listPartners, type Partner } from '#shared/db/partners/partners.repository.js';
import { listUsers, type User } from '#shared/db/users/users.repository.js';
import { type Queryable } from '#shared/db/transaction.js';

/** The read-only listings of the admin CLI: `users list`, `orgs list`, `partners list`. */

export function listRecentUsers(deps: { db: Queryable }, command: { limit: number }): Promise<User[]> {
  return listUsers(deps.db, { limit: command.limit });
}

export function listAllOrganizations(deps: { db: Queryable }): Promise<Organization[]> {
  return listOrganizations(deps.db);
}

export function listPartnersOf(deps: { db: Queryable }, command: { organizationId?: string }): Promise<Partner[]> {
  return listPartners(deps.db, command.organizationId === undefined ? {} : { organizationId: command.organizationId });
}
