import { Command, CommanderError } from 'commander';
import type { AdminCliConfig } from '../../../shared/src/config/index.js';
import { createAdminContext } from './admin-context.js';
import { exitCodes, printError, type CliIo } from './cli-output.js';
import { registerMigrationCommands } from './commands/migrations.command.js';

/** Runs one CLI invocation and returns its exit code (never calls process.exit: tests call this directly). */
export async function runAdminCli(argv: string[], config: AdminCliConfig, io: CliIo, version: string): Promise<number> {
  const program = new Command('foretell-admin')
    .description('Foretell operator tool: users, API keys, markets, migrations')
    .version(version)
    .option('--json', 'print exactly one JSON object on stdout')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const context = createAdminContext(config, io, () => program.opts<{ json?: boolean }>().json === true);
  registerMigrationCommands(program, context);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
        ? exitCodes.ok
        : exitCodes.usage;
    }
    return printError(io, context.json(), error);
  } finally {
    await context.close();
  }
}
