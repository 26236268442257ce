import type { Command } from 'commander';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { listAllOrganizations, listPartnersOf } from '../use-cases/list-records.use-case.js';

/** `orgs list` and `partners list`: the branding records markets and threads point at (each listing is audited). */
export function registerCatalogCommands(program: Command, context: AdminContext): void {
  program
    .command('orgs')
    .description('organizations')
    .command('list')
    .description('list organizations by name')
    .action(
      audited(context, {
        action: 'orgs.list',
        describe: () => ({ args: {} }),
        run: async () => {
          const organizations = await listAllOrganizations({ db: await context.db() });
          const result = {
            organizations: organizations.map((org) => ({
              id: org.id,
              name: org.name,
              slug: org.slug,
              displayName: org.displayName,
              status: org.status,
              createdAt: org.createdAt.toISOString(),
            })),
          };
          const human = organizations.length
            ? organizations.map((org) => `${org.id}  ${org.slug.padEnd(24)}  ${org.name}`)
            : ['no organizations'];
          return { details: { count: organizations.length }, print: () => context.print(result, human) };
        },
      }),
    );

  program
    .command('partners')
    .description('partners')
    .command('list')
    .description('list partners by name')
    .option('--org <id>', 'only the partners of this organization')
    .action(
      audited(context, {
        action: 'partners.list',
        describe: (options: { org?: string }) => ({ args: { ...options } }),
        run: async (options: { org?: string }) => {
          const partners = await listPartnersOf(
            { db: await context.db() },
            options.org === undefined ? {} : { organizationId: options.org.trim() },
          );
          const result = {
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
          };
          const human = partners.length
            ? partners.map(
                (partner) => `${partner.id}  ${partner.slug.padEnd(24)}  ${partner.status.padEnd(8)}  ${partner.name}`,
              )
            : ['no partners'];
          return { details: { count: partners.length }, print: () => context.print(result, human) };
        },
      }),
    );
}
