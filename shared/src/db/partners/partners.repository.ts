import { newUuid } from '../../ids/ids.js';
import { toDate, toOneOf, toStringOrNull } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';

export const partnerStatuses = ['active', 'inactive'] as const;
export type PartnerStatus = (typeof partnerStatuses)[number];

export interface Partner {
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
  createdAt: Date;
  updatedAt: Date;
}

export interface NewPartner {
  id?: string;
  organizationId: string;
  name: string;
  slug: string;
  description?: string | null;
  displayName?: string | null;
  tagline?: string;
  colorPrimary?: string | null;
  logoUrl?: string | null;
  websiteUrl?: string | null;
  status?: PartnerStatus;
}

export async function createPartner(db: Queryable, input: NewPartner): Promise<Partner> {
  const id = input.id ?? newUuid();
  await db('partners').insert({
    id,
    organization_id: input.organizationId,
    name: input.name,
    slug: input.slug,
    description: input.description ?? null,
    display_name: input.displayName ?? null,
    tagline: input.tagline ?? '',
    color_primary: input.colorPrimary ?? null,
    logo_url: input.logoUrl ?? null,
    website_url: input.websiteUrl ?? null,
    status: input.status ?? 'active',
  });
  return readBack(await findPartnerById(db, id), `partner ${id}`);
}

export async function findPartnerById(db: Queryable, id: string): Promise<Partner | null> {
  const row: Row | undefined = await db('partners').where({ id }).first();
  return row ? toPartner(row) : null;
}

/** Partners by name, optionally of one organization (the admin CLI's `partners list`). */
export async function listPartners(db: Queryable, filter: { organizationId?: string } = {}): Promise<Partner[]> {
  const query = db('partners').select('*');
  if (filter.organizationId !== undefined) query.where('organization_id', filter.organizationId);
  const rows: Row[] = await query.orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toPartner);
}

function toPartner(row: Row): Partner {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    name: String(row.name),
    slug: String(row.slug),
    description: toStringOrNull(row.description),
    displayName: toStringOrNull(row.display_name),
    tagline: String(row.tagline),
    colorPrimary: toStringOrNull(row.color_primary),
    logoUrl: toStringOrNull(row.logo_url),
    websiteUrl: toStringOrNull(row.website_url),
    status: toOneOf(partnerStatuses, row.status, 'partners.status'),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
