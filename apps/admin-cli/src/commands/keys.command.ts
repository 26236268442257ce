import type { Command } from 'commander';
import { apiKeyEnvironments, apiKeyTiers, createSecretBox, effectiveRpm } from '../../../../shared/src/auth/index.js';
import type { ApiKeyRecord } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import type { AdminContext } from '../admin-context.js';
import {
  formatUsdc,
  parseChoice,
  parseInstant,
  parseInteger,
  parseLimit,
  parseList,
  parseUsdcAmount,
} from '../cli-arguments.js';
import { printResult } from '../cli-output.js';
import { issueKey } from '../use-cases/issue-key.use-case.js';
import { listKeys, revokeKey, showKey } from '../use-cases/manage-keys.use-case.js';

interface IssueOptions {
  user: string;
  tier: string;
  env: string;
  scopes?: string;
  ipAllowlist?: string;
  webhookUrl?: string;
  expiresAt?: string;
  rpm?: string;
  dailySpendLimit?: string;
  perTradeLimit?: string;
  highValueThreshold?: string;
  confirmationWindow?: string;
  name?: string;
}

const usdcOrNull = (atomic: bigint | null) => (atomic === null ? null : formatUsdc(atomic));

function keyStatus(record: ApiKeyRecord, now: Date): 'active' | 'revoked' | 'expired' {
  if (record.revokedAt) return 'revoked';
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Everything about a key except its secret material (no key, no hash, no webhook secret). */
function keyJson(record: ApiKeyRecord, now: Date) {
  return {
    id: record.id,
    userId: record.userId,
    name: record.name,
    env: record.env,
    tier: record.tier,
    status: keyStatus(record, now),
    last4: record.last4,
    scopes: record.scopes,
    ipAllowlist: record.ipAllowlist,
    webhookUrl: record.webhookUrl,
    rateLimitRpm: record.rateLimitRpm,
    effectiveRpm: effectiveRpm(record.tier, record.rateLimitRpm),
    dailySpendLimit: usdcOrNull(record.dailySpendLimit),
    perTradeLimit: usdcOrNull(record.perTradeLimit),
    highValueThreshold: usdcOrNull(record.highValueThreshold),
    confirmationWindowSeconds: record.confirmationWindowS,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    revokedAt: record.revokedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** `keys issue|list|show|revoke`. */
export function registerKeyCommands(program: Command, context: AdminContext): void {
  const keys = program.command('keys').description('issue, inspect and revoke API keys');
  const print = (result: Record<string, unknown>, human: string[]) =>
    printResult(context.io, context.json(), result, human);

  keys
    .command('issue')
    .description('issue an API key (the plaintext key and webhook secret are printed once)')
    .requiredOption('--user <user>', 'user id or email')
    .requiredOption('--tier <tier>', apiKeyTiers.join('|'))
    .requiredOption('--env <env>', 'live|test; must match SERVICE_ENV (live keys only with SERVICE_ENV=live)')
    .option('--scopes <scopes>', "comma-separated scopes (default: the tier's)")
    .option('--ip-allowlist <entries>', 'comma-separated IPv4/IPv6 addresses or CIDR ranges')
    .option('--webhook-url <url>', 'where trade events are POSTed (a webhook secret is generated)')
    .option('--expires-at <iso>', 'ISO-8601 expiry, e.g. 2027-01-31T18:00:00Z (default: never)')
    .option('--rpm <n>', 'requests per minute (enterprise and mm only)')
    .option('--daily-spend-limit <usdc>', 'daily spend cap in USDC (enterprise and mm only)')
    .option('--per-trade-limit <usdc>', 'per-trade cap in USDC (enterprise and mm only)')
    .option('--high-value-threshold <usdc>', 'trades at or above need confirmation (enterprise and mm only)')
    .option('--confirmation-window <seconds>', 'time to confirm a high-value trade (enterprise and mm only)')
    .option('--name <name>', 'a label for the key (at most 100 characters)')
    .action(async (options: IssueOptions) => {
      const name = options.name?.trim();
      if (name !== undefined && (name.length === 0 || name.length > 100)) {
        throw new AppError('VALIDATION_FAILED', { detail: '--name must be 1 to 100 characters' });
      }
      const issued = await issueKey(
        {
          db: await context.db(),
          pepper: context.config.API_KEY_PEPPER,
          secretBox: createSecretBox(context.config.WEBHOOK_SECRET_KEY),
          serviceEnv: context.config.SERVICE_ENV,
          now: context.now(),
        },
        {
          user: options.user,
          tier: parseChoice(options.tier, '--tier', apiKeyTiers),
          env: parseChoice(options.env, '--env', apiKeyEnvironments),
          ...(options.scopes !== undefined ? { scopes: parseList(options.scopes) } : {}),
          ...(options.ipAllowlist !== undefined ? { ipAllowlist: parseList(options.ipAllowlist) } : {}),
          ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl.trim() } : {}),
          ...(options.expiresAt !== undefined ? { expiresAt: parseInstant(options.expiresAt, '--expires-at') } : {}),
          ...(options.rpm !== undefined ? { rateLimitRpm: parseInteger(options.rpm, '--rpm', 1, 1_000_000) } : {}),
          ...(options.dailySpendLimit !== undefined
            ? { dailySpendLimit: parseUsdcAmount(options.dailySpendLimit, '--daily-spend-limit') }
            : {}),
          ...(options.perTradeLimit !== undefined
            ? { perTradeLimit: parseUsdcAmount(options.perTradeLimit, '--per-trade-limit') }
            : {}),
          ...(options.highValueThreshold !== undefined
            ? { highValueThreshold: parseUsdcAmount(options.highValueThreshold, '--high-value-threshold') }
            : {}),
          ...(options.confirmationWindow !== undefined
            ? { confirmationWindowS: parseInteger(options.confirmationWindow, '--confirmation-window', 10, 86_400) }
            : {}),
          ...(name !== undefined ? { name } : {}),
          actor: context.actor(),
        },
      );
      const { record } = issued;
      const result = {
        id: record.id,
        key: issued.key,
        userId: record.userId,
        tier: record.tier,
        env: record.env,
        scopes: record.scopes,
        expiresAt: record.expiresAt?.toISOString() ?? null,
        ...(issued.webhookSecret === null ? {} : { webhookSecret: issued.webhookSecret }),
      };
      print(result, [
        `issued ${record.tier} ${record.env} key ${record.id} for user ${record.userId}`,
        `  key             ${issued.key}`,
        ...(issued.webhookSecret === null ? [] : [`  webhook secret  ${issued.webhookSecret}`]),
        `  scopes          ${record.scopes.join(', ')}`,
        `  expires         ${result.expiresAt ?? 'never'}`,
        'Store the key now: it is not shown again.',
      ]);
    });

  keys
    .command('list')
    .description('list API keys, newest first (never the keys themselves)')
    .option('--user <user>', 'only this user’s keys (id or email)')
    .option('--limit <n>', 'how many keys to show (1-1000)', '50')
    .action(async (options: { user?: string; limit: string }) => {
      const now = context.now();
      const list = await listKeys(
        { db: await context.db() },
        { ...(options.user !== undefined ? { user: options.user } : {}), limit: parseLimit(options.limit) },
      );
      print(
        { keys: list.map((record) => keyJson(record, now)) },
        list.length
          ? list.map((record) =>
              `${record.id}  ${keyStatus(record, now).padEnd(7)}  ${record.env}  ${record.tier.padEnd(10)}  …${record.last4}  ${record.userId}  ${record.name ?? ''}`.trimEnd(),
            )
          : ['no keys'],
      );
    });

  keys
    .command('show')
    .description('show one API key (never the key or its hash)')
    .argument('<id>', 'the key id')
    .action(async (id: string) => {
      const json = keyJson(await showKey({ db: await context.db() }, { id }), context.now());
      print(json, [
        `key ${json.id} (…${json.last4})`,
        `  user            ${json.userId}`,
        `  name            ${json.name ?? '-'}`,
        `  status          ${json.status}`,
        `  tier / env      ${json.tier} / ${json.env}`,
        `  scopes          ${json.scopes.join(', ')}`,
        `  ip allowlist    ${json.ipAllowlist?.join(', ') ?? 'any address'}`,
        `  webhook url     ${json.webhookUrl ?? '-'}`,
        `  rpm             ${json.effectiveRpm}${json.rateLimitRpm === null ? ' (tier default)' : ''}`,
        `  daily / trade   ${json.dailySpendLimit ?? 'tier default'} / ${json.perTradeLimit ?? 'tier default'}`,
        `  high-value      ${json.highValueThreshold ?? 'tier default'}`,
        `  confirm window  ${json.confirmationWindowSeconds ?? 'default'}`,
        `  expires         ${json.expiresAt ?? 'never'}`,
        `  revoked         ${json.revokedAt ?? '-'}`,
        `  created         ${json.createdAt}`,
      ]);
    });

  keys
    .command('revoke')
    .description('revoke an API key (idempotent)')
    .argument('<id>', 'the key id')
    .action(async (id: string) => {
      const now = context.now();
      const { record, revokedNow } = await revokeKey({ db: await context.db(), now }, { id, actor: context.actor() });
      print({ id: record.id, userId: record.userId, revokedAt: record.revokedAt?.toISOString() ?? null, revokedNow }, [
        revokedNow
          ? `revoked key ${record.id} (…${record.last4}) of user ${record.userId}`
          : `key ${record.id} was already revoked at ${record.revokedAt?.toISOString() ?? '?'}; nothing changed`,
      ]);
    });
}
