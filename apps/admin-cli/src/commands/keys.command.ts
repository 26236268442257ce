import type { Command } from 'commander';
import { effectiveRpm } from '#shared/auth/tiers.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { formatUsdc, parseLimit } from '../cli-arguments.js';
import { listKeys, revokeKey, showKey } from '../use-cases/manage-keys.use-case.js';
import { registerKeyIssueCommand } from './keys-issue.command.js';

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

/** `keys issue|list|show|revoke`: every invocation is audited, reads and refusals included. */
export function registerKeyCommands(program: Command, context: AdminContext): void {
  const keys = program.command('keys').description('issue, inspect and revoke API keys');

  registerKeyIssueCommand(keys, context);

  keys
    .command('list')
    .description('list API keys, newest first (never the keys themselves)')
    .option('--user <user>', 'only this user’s keys (id or email)')
    .option('--limit <n>', 'how many keys to show (1-1000)', '50')
    .action(
      audited(context, {
        action: 'keys.list',
        describe: (options: { user?: string; limit: string }) => ({
          ...(options.user === undefined ? {} : { target: { type: 'user', reference: options.user } }),
          args: { ...options },
        }),
        run: async (options: { user?: string; limit: string }) => {
          const now = context.now();
          const list = await listKeys(
            { db: await context.db() },
            { ...(options.user !== undefined ? { user: options.user } : {}), limit: parseLimit(options.limit) },
          );
          const human = list.length
            ? list.map((record) =>
                `${record.id}  ${keyStatus(record, now).padEnd(7)}  ${record.env}  ${record.tier.padEnd(10)}  …${record.last4}  ${record.userId}  ${record.name ?? ''}`.trimEnd(),
              )
            : ['no keys'];
          return {
            details: { count: list.length },
            print: () => context.print({ keys: list.map((record) => keyJson(record, now)) }, human),
          };
        },
      }),
    );

  keys
    .command('show')
    .description('show one API key (never the key or its hash)')
    .argument('<id>', 'the key id')
    .action(
      audited(context, {
        action: 'keys.show',
        describe: (id: string) => ({ target: { type: 'api_key', id }, args: { id } }),
        run: async (id: string) => {
          const json = keyJson(await showKey({ db: await context.db() }, { id }), context.now());
          const human = [
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
          ];
          return {
            details: { userId: json.userId, last4: json.last4, status: json.status },
            print: () => context.print(json, human),
          };
        },
      }),
    );

  keys
    .command('revoke')
    .description('revoke an API key (idempotent)')
    .argument('<id>', 'the key id')
    .action(
      audited(context, {
        action: 'keys.revoke',
        describe: (id: string) => ({ target: { type: 'api_key', id }, args: { id } }),
        run: async (id: string) => {
          const now = context.now();
          const { record, revokedNow } = await revokeKey(
            { db: await context.db(), now },
            { id, actor: context.actor() },
          );
          const result = {
            id: record.id,
            userId: record.userId,
            revokedAt: record.revokedAt?.toISOString() ?? null,
            revokedNow,
          };
          const human = [
            revokedNow
              ? `revoked key ${record.id} (…${record.last4}) of user ${record.userId}`
              : `key ${record.id} was already revoked at ${result.revokedAt ?? '?'}; nothing changed`,
          ];
          return { recordedByUseCase: true, print: () => context.print(result, human) };
        },
      }),
    );
}
