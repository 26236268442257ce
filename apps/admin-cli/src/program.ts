import { Command, CommanderError } from 'commander';
import type { AdminCliConfig } from '#shared/config/app-configs.js';
import { AppError } from '#shared/errors/app-error.js';
import { createAdminContext, type AdminContextOptions } from './admin-context.js';
import { messageOf } from '#shared/errors/thrown-values.js';
import { exitCodes, printError, type CliIo } from './cli-output.js';
import { registerCatalogCommands } from './commands/catalog.command.js';
import { registerKeyCommands } from './commands/keys.command.js';
import { registerMarketCommands } from './commands/markets.command.js';
import { registerMigrationCommands } from './commands/migrations.command.js';
import { registerRouteCommands } from './commands/routes.command.js';
import { registerSecretCommands } from './commands/secrets.command.js';
import { registerSignerCommands } from './commands/signers.command.js';
import { registerTradeCommands } from './commands/trades.command.js';
import { registerUserCommands } from './commands/users.command.js';

const quietExits = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

/** Runs one CLI invocation and returns its exit code (never calls process.exit: tests call this directly). */
export async function runAdminCli(
  argv: string[],
  config: AdminCliConfig,
  io: CliIo,
  version: string,
  options: AdminContextOptions = {},
): Promise<number> {
  const program = new Command('foretell-admin')
    .description('Foretell operator tool: users, API keys, markets, trades, routes, secrets, signers, migrations')
    .version(version)
    .option('--json', 'print exactly one JSON object on stdout')
    .option('--actor <name>', 'who the audit log names (default: cli:<os user>)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const flags = () => program.opts<{ json?: boolean; actor?: string }>();
  const context = createAdminContext(
    config,
    io,
    { json: () => flags().json === true, actor: () => checkedActor(flags().actor) },
    options,
  );
  // A bad --actor is a usage error like an unknown flag: refused before any command runs, so it is not audited.
  program.hook('preAction', () => {
    context.actor();
  });
  registerMigrationCommands(program, context);
  registerUserCommands(program, context);
  registerKeyCommands(program, context);
  registerMarketCommands(program, context);
  registerCatalogCommands(program, context);
  registerTradeCommands(program, context);
  registerRouteCommands(program, context);
  registerSecretCommands(program, context);
  registerSignerCommands(program, context);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return context.exitCode();
  } catch (error) {
    if (error instanceof CommanderError) {
      if (quietExits.has(error.code)) return exitCodes.ok;
      // Commander already wrote the reason to stderr; --json still gets its one object on stdout.
      if (context.json()) printError(io, true, new AppError('VALIDATION_FAILED', { detail: error.message }));
      return exitCodes.usage;
    }
    return printError(io, context.json(), error);
  } finally {
    // The command's outcome stands: a connection that fails to close after it is one line, not a stack.
    await context
      .close()
      .catch((error: unknown) => io.stderr(`warning: closing connections failed: ${messageOf(error)}\n`));
  }
}

function checkedActor(actor: string | undefined): string | undefined {
  if (actor === undefined) return undefined;
  const trimmed = actor.trim();
  if (trimmed.length === 0 || trimmed.length > 128) {
    throw new AppError('VALIDATION_FAILED', { detail: '--actor must be 1 to 128 characters' });
  }
  return trimmed;
}
