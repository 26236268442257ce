import type { Command } from 'commander';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { rejectTrade } from '../use-cases/reject-trade.use-case.js';

/** `trades reject <id> --reason <text>`: operator actions on trades. */
export function registerTradeCommands(program: Command, context: AdminContext): void {
  const trades = program.command('trades').description('act on trades of the trading API');

  trades
    .command('reject')
    .description('reject a pending trade before it executes (the client sees status rejected and the reason)')
    .argument('<id>', 'trade id')
    .requiredOption('--reason <text>', `why, as the client will read it (errorMessage; 1-500 characters)`)
    .action(
      audited(context, {
        action: 'trades.reject',
        describe: (id: string, options: { reason: string }) => ({
          target: { type: 'trade', id },
          args: { id, reason: options.reason },
        }),
        run: async (id: string, options: { reason: string }) => {
          const trade = await rejectTrade(
            { db: await context.db(), now: context.now },
            { tradeId: id, reason: options.reason, actor: context.actor() },
          );
          const result = {
            id: trade.id,
            status: trade.status,
            errorCode: trade.errorCode,
            errorMessage: trade.errorMessage,
          };
          const human = [
            `trade ${trade.id} is now ${trade.status}`,
            `  code    ${trade.errorCode ?? '-'}`,
            `  reason  ${trade.errorMessage ?? '-'}`,
          ];
          return { recordedByUseCase: true, print: () => context.print(result, human) };
        },
      }),
    );
}
