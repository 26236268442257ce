import type { Command } from 'commander';
import type { User } from '#shared/db/users/users.repository.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { formatUsdc, parseEmail, parseLimit, parseUsdcAmount } from '../cli-arguments.js';
import { fundUser } from '../use-cases/fund-user.use-case.js';
import { listRecentUsers } from '../use-cases/list-records.use-case.js';
import { registerUser } from '../use-cases/register-user.use-case.js';
import { showUser } from '../use-cases/show-user.use-case.js';

const userJson = (user: User) => ({
  id: user.id,
  email: user.email,
  smartAccountAddress: user.smartAccountAddress,
  status: user.status,
  createdAt: user.createdAt.toISOString(),
});

/** `users create|list|show|fund`: every invocation is audited, reads and refusals included. */
export function registerUserCommands(program: Command, context: AdminContext): void {
  const users = program.command('users').description('create, inspect and fund users');

  users
    .command('create')
    .description("create a user and deploy their custodial smart account on the platform's chain")
    .requiredOption('--email <email>', 'the user’s email address (unique)')
    .action(
      audited(context, {
        action: 'users.create',
        // A refusal for a taken email is filed under the user who holds it.
        describe: (options: { email: string }) => ({
          target: { type: 'user', reference: options.email },
          args: { email: options.email },
        }),
        run: async (options: { email: string }) => {
          const email = parseEmail(options.email);
          const user = await registerUser(
            { db: await context.db(), chain: context.chain, platform: context.platform },
            { email, actor: context.actor() },
          );
          const result = { id: user.id, email: user.email, smartAccountAddress: user.smartAccountAddress };
          const human = [
            `created user ${user.id}`,
            `  email          ${user.email}`,
            `  smart account  ${user.smartAccountAddress ?? '-'}`,
          ];
          return { recordedByUseCase: true, print: () => context.print(result, human) };
        },
      }),
    );

  users
    .command('list')
    .description('list users, newest first')
    .option('--limit <n>', 'how many users to show (1-1000)', '50')
    .action(
      audited(context, {
        action: 'users.list',
        describe: (options: { limit: string }) => ({ args: { limit: options.limit } }),
        run: async (options: { limit: string }) => {
          const list = await listRecentUsers({ db: await context.db() }, { limit: parseLimit(options.limit) });
          const human = list.length
            ? list.map(
                (user) => `${user.id}  ${user.status.padEnd(9)}  ${user.smartAccountAddress ?? '-'}  ${user.email}`,
              )
            : ['no users'];
          return { details: { count: list.length }, print: () => context.print({ users: list.map(userJson) }, human) };
        },
      }),
    );

  users
    .command('show')
    .description('show a user, their smart account and its on-chain USDC balance')
    .argument('<user>', 'user id or email')
    .action(
      audited(context, {
        action: 'users.show',
        describe: (reference: string) => ({ target: { type: 'user', reference }, args: { user: reference } }),
        run: async (reference: string) => {
          const { user, usdcBalance } = await showUser(
            { db: await context.db(), reader: context.chainReader, platform: context.platform },
            { user: reference },
          );
          const balance = usdcBalance === null ? null : formatUsdc(usdcBalance);
          const human = [
            `user ${user.id}`,
            `  email          ${user.email}`,
            `  status         ${user.status}`,
            `  smart account  ${user.smartAccountAddress ?? '-'}`,
            `  USDC balance   ${balance ?? '-'}`,
            `  created        ${user.createdAt.toISOString()}`,
          ];
          return { print: () => context.print({ ...userJson(user), usdcBalance: balance }, human) };
        },
      }),
    );

  users
    .command('fund')
    .description('mint test USDC to a user’s smart account (test chains only)')
    .requiredOption('--user <user>', 'user id or email')
    .requiredOption('--amount <usdc>', 'USDC to mint, up to 6 decimals, e.g. 250 or 0.5')
    .action(
      audited(context, {
        action: 'users.fund',
        describe: (options: { user: string; amount: string }) => ({
          target: { type: 'user', reference: options.user },
          args: { ...options },
        }),
        run: async (options: { user: string; amount: string }) => {
          const funded = await fundUser(
            {
              db: await context.db(),
              chain: context.chain,
              platform: context.platform,
              serviceEnv: context.config.SERVICE_ENV,
            },
            { user: options.user, amount: parseUsdcAmount(options.amount), actor: context.actor() },
          );
          const result = {
            userId: funded.user.id,
            smartAccountAddress: funded.smartAccountAddress,
            amount: formatUsdc(funded.amount),
            usdcBalance: formatUsdc(funded.usdcBalance),
            txHash: funded.txHash,
          };
          const human = [
            `minted ${result.amount} USDC to ${result.smartAccountAddress} (user ${result.userId})`,
            `  balance  ${result.usdcBalance} USDC`,
            `  tx       ${result.txHash}`,
          ];
          return { recordedByUseCase: true, print: () => context.print(result, human) };
        },
      }),
    );
}
