import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { isDuplicateKeyError, isForeignKeyViolation } from '../mysql-errors.js';
import { createOrganization, findOrganizationById, listOrganizations } from './organizations.repository.js';
import { createPartner, findPartnerById, listPartners } from '../partners/partners.repository.js';
import { createThread, findThreadById } from '../threads/threads.repository.js';

describe('organization, partner and thread repositories', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test.destroy();
  });

  const slug = (): string => `slug-${randomUUID().slice(0, 8)}`;
  const newOrganization = () =>
    createOrganization(test.db, { name: `Org ${slug()}`, slug: slug(), displayName: 'Org', colorPrimary: '#112233' });

  it('creates an organization with defaults and finds it by id', async () => {
    const organization = await newOrganization();

    expect(organization).toMatchObject({ tagline: '', logoUrl: null, status: 'active', colorPrimary: '#112233' });
    expect(await findOrganizationById(test.db, organization.id)).toEqual(organization);
    expect(await findOrganizationById(test.db, randomUUID())).toBeNull();
  });

  it('rejects a second organization with the same slug', async () => {
    const organization = await newOrganization();
    const duplicate = createOrganization(test.db, {
      name: 'Copy',
      slug: organization.slug,
      displayName: 'Copy',
      colorPrimary: '#000000',
    });

    expect(isDuplicateKeyError(await duplicate.catch((error: unknown) => error), 'organizations_slug_unique')).toBe(
      true,
    );
  });

  it('lists organizations by name', async () => {
    await newOrganization();
    const names = (await listOrganizations(test.db)).map((organization) => organization.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('creates partners under an organization, lists them by organization, and refuses unknown organizations', async () => {
    const organization = await newOrganization();
    const partner = await createPartner(test.db, {
      organizationId: organization.id,
      name: 'Partner',
      slug: slug(),
      websiteUrl: 'https://partner.example',
    });

    expect(partner).toMatchObject({
      organizationId: organization.id,
      description: null,
      displayName: null,
      colorPrimary: null,
      websiteUrl: 'https://partner.example',
      status: 'active',
    });
    expect(await findPartnerById(test.db, partner.id)).toEqual(partner);
    expect(await listPartners(test.db, { organizationId: organization.id })).toEqual([partner]);

    const orphan = createPartner(test.db, { organizationId: randomUUID(), name: 'Orphan', slug: slug() });
    expect(isForeignKeyViolation(await orphan.catch((error: unknown) => error))).toBe(true);
  });

  it('creates a thread with tags and times and reads them back typed', async () => {
    const organization = await newOrganization();
    const thread = await createThread(test.db, {
      organizationId: organization.id,
      title: 'Season',
      description: '**markdown**',
      status: 'upcoming',
      category: 'sports',
      tags: ['a', 'b'],
      startTime: new Date('2027-01-01T00:00:00.123Z'),
    });

    expect(thread).toMatchObject({
      organizationId: organization.id,
      partnerId: null,
      tags: ['a', 'b'],
      startTime: new Date('2027-01-01T00:00:00.123Z'),
      endTime: null,
      status: 'upcoming',
    });
    expect(await findThreadById(test.db, thread.id)).toEqual(thread);
  });
});
