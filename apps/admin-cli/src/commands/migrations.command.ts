import type { Command } from 'commander';
import { migrateLatest, pendingMigrations } from '../../../../shared/src/db/index.js';
import type { AdminContext } from '../admin-context.js';
import { printResult } from '../cli-output.js';

/** `migrations status|latest`: what the Kubernetes migrations Job runs before a rollout. */
export function registerMigrationCommands(program: Command, context: AdminContext): void {
  const migrations = program.command('migrations').description('inspect and apply database migrations');

  migrations
    .command('status')
    .description('list migrations not yet applied')
    .action(async () => {
      const pending = await pendingMigrations(await context.db());
      printResult(
        context.io,
        context.json(),
        { pending },
        pending.length ? pending.map((name) => `pending ${name}`) : ['up to date'],
      );
    });

  migrations
    .command('latest')
    .description('apply every pending migration')
    .action(async () => {
      const applied = await migrateLatest(await context.db());
      printResult(
        context.io,
        context.json(),
        { applied },
        applied.length ? applied.map((name) => `applied ${name}`) : ['up to date'],
      );
    });
}
