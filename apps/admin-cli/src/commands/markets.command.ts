import type { Command } from 'commander';
import { z } from 'zod';
import { AppError } from '#shared/errors/app-error.js';
import type { AdminContext } from '../admin-context.js';
import { audited, type Completion } from '../audit/audited-command.js';
import {
  parseInstant,
  parseLongText,
  parseOutcomes,
  parseShortText,
  parseUsdcAmount,
  parseWinners,
} from '../cli-arguments.js';
import { createMarket } from '../use-cases/create-market.use-case.js';
import {
  planMarketTransition,
  transitionMarket,
  type MarketAction,
  type TransitionPlan,
} from '../use-cases/transition-market.use-case.js';

interface CreateMarketOptions {
  question: string;
  outcomes: string;
  category?: string;
  description?: string;
  thread?: string;
  endTime?: string;
  initialReserve: string;
  featured?: boolean;
  id?: string;
}

function marketIdOf(value: string): string {
  const id = value.trim().toLowerCase();
  if (!z.uuid().safeParse(id).success)
    throw new AppError('VALIDATION_FAILED', { detail: `--id must be a UUID (got "${value}")` });
  return id;
}

/** `markets create|freeze|resolve|cancel`: every change happens on chain first, then in MySQL with its audit entry. */
export function registerMarketCommands(program: Command, context: AdminContext): void {
  const markets = program.command('markets').description('create markets and move them through their lifecycle');

  markets
    .command('create')
    .description('deploy and seed a market contract, then record the market as OPEN')
    .requiredOption('--question <text>', 'the question traders answer')
    .requiredOption('--outcomes <labels>', 'comma-separated outcome labels (2-8), e.g. "Yes,No"')
    .option('--category <name>', 'category (default: the thread’s, else "general")')
    .option('--description <text>', 'longer description (markdown allowed)')
    .option('--thread <id>', 'thread the market belongs to (its organization and partner are inherited)')
    .option('--end-time <rfc3339>', 'when trading closes, with Z or an offset (default: in 30 days)')
    .option('--initial-reserve <usdc>', 'seed liquidity in USDC (≥ 1; minted from TestUSDC on test chains)', '100')
    .option('--featured', 'feature the market')
    .option('--id <uuid>', 'the market id (default: a new one); give the one a create that did not finish named')
    .action(
      audited(context, {
        action: 'markets.create',
        describe: (options: CreateMarketOptions) => ({ args: { ...options } }),
        run: async (options: CreateMarketOptions) => {
          // Every text is checked against its column (markets.question VARCHAR(500), category VARCHAR(64),
          // description TEXT) here, before the lease and the deploy: an insert that fails after them would leave a
          // funded contract behind on each try.
          const command = {
            question: parseShortText(options.question, '--question', 500),
            outcomes: parseOutcomes(options.outcomes),
            ...optional(
              'category',
              ifGiven(options.category, (value) => parseShortText(value, '--category', 64)),
            ),
            ...optional(
              'description',
              ifGiven(options.description, (value) => parseLongText(value, '--description')),
            ),
            ...optional('threadId', options.thread?.trim()),
            ...optional(
              'endTime',
              ifGiven(options.endTime, (value) => parseInstant(value, '--end-time')),
            ),
            initialReserve: parseUsdcAmount(options.initialReserve, '--initial-reserve'),
            featured: options.featured === true,
            actor: context.actor(),
            ...optional('marketId', options.id === undefined ? undefined : marketIdOf(options.id)),
          };
          const market = await createMarket(
            {
              db: await context.db(),
              chain: context.chain,
              platform: context.platform,
              now: context.now,
              mintInitialReserve: context.config.SERVICE_ENV === 'test',
            },
            command,
          );
          const result = {
            id: market.id,
            contractAddress: market.contractAddress,
            chainId: market.chainId,
            outcomes: market.outcomes,
            status: market.status,
          };
          const human = [
            `created market ${market.id} (${market.status})`,
            `  question  ${market.question}`,
            `  outcomes  ${market.outcomes.map((label, index) => `${index}=${label}`).join(', ')}`,
            `  contract  ${market.contractAddress ?? '-'} on chain ${market.chainId ?? '-'}`,
            `  ends      ${market.endTime?.toISOString() ?? '-'}`,
          ];
          return { recordedByUseCase: true, print: () => context.print(result, human) };
        },
      }),
    );

  const transition = (name: MarketAction, description: string) =>
    markets
      .command(name)
      .description(description)
      .argument('<id>', 'market id')
      .option(
        '--dry-run',
        'run every check against MySQL and the chain and say what would happen; send and record nothing',
      );
  const audit = (name: MarketAction) => ({
    action: `markets.${name}`,
    describe: (id: string, options: TransitionOptions = {}) => ({
      target: { type: 'market' as const, id },
      args: { id, ...options },
    }),
  });
  const run =
    (name: MarketAction) =>
    (id: string, options: TransitionOptions = {}): Promise<Completion> => {
      const command = {
        ...action(name, id),
        ...(name === 'resolve' ? { winners: parseWinners(options.winners ?? '') } : {}),
      };
      return options.dryRun ? runDryRun(context, command) : runTransition(context, command);
    };

  transition('freeze', 'stop trading on an OPEN market (quotes keep working)').action(
    audited(context, { ...audit('freeze'), run: run('freeze') }),
  );
  transition('resolve', 'resolve an OPEN or FROZEN market with one or more winning outcomes')
    .requiredOption('--winners <indexes>', 'comma-separated winning outcome indexes, e.g. 0 or 0,2')
    .action(audited(context, { ...audit('resolve'), run: run('resolve') }));
  transition('cancel', 'cancel an OPEN or FROZEN market; holders are refunded at the prices of now').action(
    audited(context, { ...audit('cancel'), run: run('cancel') }),
  );
}

interface TransitionOptions {
  winners?: string;
  dryRun?: boolean;
}

const action = (name: MarketAction, id: string) => ({ action: name, marketId: id.trim() });

const ifGiven = <V>(value: string | undefined, parse: (value: string) => V): V | undefined =>
  value === undefined ? undefined : parse(value);

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  // cast: `{ [key]: value }` has exactly the one property `key` (K); TypeScript widens a computed key to string
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

async function runTransition(
  context: AdminContext,
  command: { action: MarketAction; marketId: string; winners?: number[] },
): Promise<Completion> {
  const { market, txHash } = await transitionMarket(
    { db: await context.db(), reader: context.chainReader, chain: context.chain, now: context.now },
    { ...command, actor: context.actor() },
  );
  const result = {
    id: market.id,
    status: market.status,
    contractAddress: market.contractAddress,
    chainId: market.chainId,
    winningOutcomes: market.winningOutcomes,
    resolveTime: market.resolveTime?.toISOString() ?? null,
    txHash,
  };
  const human = [
    `market ${market.id} is now ${market.status}`,
    ...(market.winningOutcomes
      ? [`  winners  ${market.winningOutcomes.map((i) => `${i}=${market.outcomes[i] ?? '?'}`).join(', ')}`]
      : []),
    `  tx       ${txHash ?? '(already done on chain)'}`,
  ];
  return { recordedByUseCase: true, print: () => context.print(result, human) };
}

/** `--dry-run`: the checks of the transition, then what it would do; audited as a success with `dryRun`. */
async function runDryRun(
  context: AdminContext,
  command: { action: MarketAction; marketId: string; winners?: number[] },
): Promise<Completion> {
  const plan: TransitionPlan = await planMarketTransition(
    { db: await context.db(), reader: context.chainReader },
    command,
  );
  const { market, to, winners, sendsTransaction } = plan;
  const result = {
    dryRun: true,
    id: market.id,
    question: market.question,
    from: market.status,
    to,
    winningOutcomes: winners ?? null,
    contractAddress: market.contractAddress,
    sendsTransaction,
  };
  const human = [
    `dry run: market ${market.id} would go ${market.status} → ${to}`,
    `  question  ${market.question}`,
    ...(winners ? [`  winners   ${winners.map((i) => `${i}=${market.outcomes[i] ?? '?'}`).join(', ')}`] : []),
    `  chain     ${sendsTransaction ? 'one transaction from the platform admin key' : `already ${to} on chain: only recorded`}`,
    'nothing was sent or recorded',
  ];
  return { details: { dryRun: true, sendsTransaction }, print: () => context.print(result, human) };
}
