import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createOrganization, type Organization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';

describe('foretell-admin orgs and partners (a database, no chain)', () => {
  let cli: AdminCliHarness;
  let acme: Organization;
  let zeta: Organization;

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
    const org = (name: string) =>
      createOrganization(cli.database.db, {
        name,
        slug: `${name}-${randomUUID()}`,
        displayName: name,
        colorPrimary: '#000000',
      });
    [zeta, acme] = [await org('zeta'), await org('acme')];
    await createPartner(cli.database.db, { organizationId: zeta.id, name: 'Zeta News', slug: 'zeta-news' });
    await createPartner(cli.database.db, { organizationId: acme.id, name: 'Acme Sports', slug: 'acme-sports' });
  });
  afterAll(() => cli.stop());

  it('lists organizations by name', async () => {
    const result = await cli.runJson<{ organizations: Array<Record<string, unknown>> }>(['orgs', 'list']);
    expect(result.code).toBe(0);
    expect(result.json.organizations.map((org) => org.name)).toEqual(['acme', 'zeta']);
    expect(result.json.organizations[0]).toEqual({
      id: acme.id,
      name: 'acme',
      slug: acme.slug,
      displayName: 'acme',
      status: 'active',
      createdAt: acme.createdAt.toISOString(),
    });
  });

  it('lists partners by name, optionally of one organization', async () => {
    const all = await cli.runJson<{ partners: Array<Record<string, unknown>> }>(['partners', 'list']);
    expect(all.code).toBe(0);
    expect(all.json.partners.map((partner) => partner.name)).toEqual(['Acme Sports', 'Zeta News']);
    expect(all.json.partners[0]).toMatchObject({ organizationId: acme.id, slug: 'acme-sports', status: 'active' });
    const ofZeta = await cli.runJson<{ partners: Array<{ name: string }> }>(['partners', 'list', '--org', zeta.id]);
    expect(ofZeta.json.partners.map((partner) => partner.name)).toEqual(['Zeta News']);
  });

  it('prints one line per record without --json', async () => {
    const result = await cli.run(['orgs', 'list']);
    expect(result.out.trim().split('\n')).toHaveLength(2);
    expect(result.out).toContain(acme.id);
  });

  it('audits each listing with its count', async () => {
    const orgs = await cli.runAudited(['orgs', 'list', '--actor', 'ops:erin']);
    const partners = await cli.runAudited(['partners', 'list', '--org', zeta.id]);
    expect([...orgs.audits, ...partners.audits]).toEqual([
      expect.objectContaining({ actor: 'ops:erin', action: 'orgs.list', outcome: 'success', details: { count: 2 } }),
      expect.objectContaining({ action: 'partners.list', outcome: 'success', details: { org: zeta.id, count: 1 } }),
    ]);
  });

  it('exits 69 with DEPENDENCY_UNAVAILABLE when a command needs a chain that does not answer, and audits it', async () => {
    const result = await cli.runAudited(['--json', 'users', 'create', '--email', 'x@example.test']);
    expect(result.code).toBe(69);
    expect(JSON.parse(result.out)).toMatchObject({ error: { code: 'DEPENDENCY_UNAVAILABLE' } });
    expect(result.audits).toEqual([
      expect.objectContaining({
        action: 'users.create',
        targetId: null,
        outcome: 'DEPENDENCY_UNAVAILABLE',
        details: { email: 'x@example.test', reason: expect.any(String) },
      }),
    ]);
  });
});
