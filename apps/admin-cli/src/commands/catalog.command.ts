import type { Command } from 'commander';
import type { AdminContext } from '../admin-context.js';
import { printResult } from '../cli-output.js';
import { listAllOrganizations, listPartnersOf } from '../use-cases/list-records.use-case.js';

/** `orgs list` and `partners list`: the branding records markets and threads point at. */
export function registerCatalogCommands(program: Command, context: AdminContext): void {
  program
    .command('orgs')
    .description('organizations')
    .command('list')
    .description('list organizations by name')
    .action(async () => {
      const organizations = await listAllOrganizations({ db: await context.db() });
      printResult(
        context.io,
        context.json(),
        {
          organizations: organizations.map((org) => ({
            id: org.id,
            name: org.name,
            slug: org.slug,
            displayName: org.displayName,
            status: org.status,
            createdAt: org.createdAt.toISOString(),
          })),
        },
        organizations.length
          ? organizations.map((org) => `${org.id}  ${org.slug.padEnd(24)}  ${org.name}`)
          : ['no organizations'],
      );
    });

  program
    .command('partners')
    .description('partners')
    .command('list')
    .description('list partners by name')
    .option('--org <id>', 'only the partners of this organization')
    .action(async (options: { org?: string }) => {
      const partners = await listPartnersOf(
        { db: await context.db() },
        options.org === undefined ? {} : { organizationId: options.org.trim() },
      );
      printResult(
        context.io,
        context.json(),
        {
          partners: partners.map((partner) => ({
            id: partner.id,
            organizationId: partner.organizationId,
            name: partner.name,
            slug: partner.slug,
            displayName: partner.displayName,
            websiteUrl: partner.websiteUrl,
            status: partner.status,
            createdAt: partner.createdAt.toISOString(),
          })),
        },
        partners.length
          ? partners.map(
              (partner) => `${partner.id}  ${partner.slug.padEnd(24)}  ${partner.status.padEnd(8)}  ${partner.name}`,
            )
          : ['no partners'],
      );
    });
}
