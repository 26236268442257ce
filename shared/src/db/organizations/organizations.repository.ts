import { newUuid } from '../../ids/ids.js';
import { toDate, toStringOrNull } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';

export interface Organization {
  id: string;
  name: string;
  slug: string;
  displayName: string;
  tagline: string;
  /** `#rrggbb` */
  colorPrimary: string;
  logoUrl: string | null;
  status: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewOrganization {
  id?: string;
  name: string;
  slug: string;
  displayName: string;
  tagline?: string;
  colorPrimary: string;
  logoUrl?: string | null;
  status?: string | null;
}

export async function createOrganization(db: Queryable, input: NewOrganization): Promise<Organization> {
  const id = input.id ?? newUuid();
  await db('organizations').insert({
    id,
    name: input.name,
    slug: input.slug,
    display_name: input.displayName,
    tagline: input.tagline ?? '',
    color_primary: input.colorPrimary,
    logo_url: input.logoUrl ?? null,
    status: input.status ?? 'active',
  });
  return readBack(await findOrganizationById(db, id), `organization ${id}`);
}

export async function findOrganizationById(db: Queryable, id: string): Promise<Organization | null> {
  const row: Row | undefined = await db('organizations').where({ id }).first();
  return row ? toOrganization(row) : null;
}

/** Every organization, by name (the admin CLI's `orgs list`). */
export async function listOrganizations(db: Queryable): Promise<Organization[]> {
  const rows: Row[] = await db('organizations')
    .select('*')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toOrganization);
}

function toOrganization(row: Row): Organization {
  return {
    id: String(row.id),
    name: String(row.name),
    slug: String(row.slug),
    displayName: String(row.display_name),
    tagline: String(row.tagline),
    colorPrimary: String(row.color_primary),
    logoUrl: toStringOrNull(row.logo_url),
    status: toStringOrNull(row.status),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
