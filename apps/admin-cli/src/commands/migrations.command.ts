import type { Command } from 'commander';
import { migrateLatest, pendingMigrations } from '../migrations/migrate.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';

/**
 * `migrations status|latest`: what the Kubernetes migrations Job runs before a rollout. Audited best-effort: before
 * the migrations run, the audit table may be missing or lack a column, and that must not stop them.
 */
export function registerMigrationCommands(program: Command, context: AdminContext): void {
  const migrations = program.command('migrations').description('inspect and apply database migrations');

  migrations
    .command('status')
    .description('list migrations not yet applied')
    .action(
      audited(context, {
        action: 'migrations.status',
        bestEffort: true,
        describe: () => ({ args: {} }),
        run: async () => {
          const pending = await pendingMigrations(await context.db());
          const human = pending.length ? pending.map((name) => `pending ${name}`) : ['up to date'];
          return { details: { pending }, print: () => context.print({ pending }, human) };
        },
      }),
    );

  migrations
    .command('latest')
    .description('apply every pending migration')
    .action(
      audited(context, {
        action: 'migrations.latest',
        bestEffort: true,
        describe: () => ({ args: {} }),
        run: async () => {
          // A slow migration (an ALTER of a large table) shows which one runs, on stderr (stdout keeps --json's one
          // object): the migrations Job's log says where it stood if its deadline stops it.
          const db = await context.db();
          const pending = await pendingMigrations(db);
          if (pending.length > 0) context.io.stderr(`${pending.length} pending: ${pending.join(', ')}\n`);
          const applied = await migrateLatest(db, ({ name, ms }) =>
            context.io.stderr(ms === undefined ? `applying ${name}…\n` : `applied ${name} in ${ms} ms\n`),
          );
          const human = applied.length ? applied.map((name) => `applied ${name}`) : ['up to date'];
          return { details: { applied }, print: () => context.print({ applied }, human) };
        },
      }),
    );
}
