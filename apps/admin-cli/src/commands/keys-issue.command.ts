import type { Command } from 'commander';
import { apiKeyEnvironments } from '#shared/auth/api-key-format.js';
import { apiKeyTiers } from '#shared/auth/tiers.js';
import { createSecretBox } from '#shared/auth/secret-box.js';
import { AppError } from '#shared/errors/app-error.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { parseChoice, parseInstant, parseInteger, parseList, parseUsdcAmount } from '../cli-arguments.js';
import type { KeySecretLocation, KeySecretWriter } from '../kubernetes/api-key-secret.js';
import { issueKey, type IssueKeyCommand, type IssuedKey } from '../use-cases/issue-key.use-case.js';
import { lookupAllAddresses } from '#shared/webhooks/webhook-url-policy.js';

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

/**
 * `keys issue`: the plaintext key and webhook secret print once at a terminal, or in a cluster go into a Secret
 * whose name alone is printed; the use case audits the key it issues.
 */
export function registerKeyIssueCommand(keys: Command, context: AdminContext): void {
  keys
    .command('issue')
    .description('issue an API key (the plaintext key and webhook secret print once; in a cluster, into a Secret)')
    .requiredOption('--user <user>', 'user id or email')
    .requiredOption('--tier <tier>', apiKeyTiers.join('|'))
    .requiredOption('--env <env>', 'live|test; must match SERVICE_ENV (live keys only with SERVICE_ENV=live)')
    .option('--scopes <scopes>', "comma-separated scopes (default: the tier's)")
    .option('--ip-allowlist <entries>', 'comma-separated IPv4/IPv6 addresses or CIDR ranges')
    .option(
      '--webhook-url <url>',
      'where trade events are POSTed; live keys: https to a public address (a webhook secret is generated)',
    )
    .option('--expires-at <rfc3339>', 'expiry with Z or an offset, e.g. 2027-01-31T18:00:00Z (default: never)')
    .option('--rpm <n>', 'requests per minute (enterprise and mm only)')
    .option('--daily-spend-limit <usdc>', 'daily spend cap in USDC (enterprise and mm only)')
    .option('--per-trade-limit <usdc>', 'per-trade cap in USDC (enterprise and mm only)')
    .option('--high-value-threshold <usdc>', 'trades at or above need confirmation (enterprise and mm only)')
    .option('--confirmation-window <seconds>', 'time to confirm a high-value trade (enterprise and mm only)')
    .option('--name <name>', 'a label for the key (at most 100 characters)')
    .action(
      audited(context, {
        action: 'keys.issue',
        // Refused attempts are filed under the user; the flags are plain text (never a key or a secret).
        describe: (options: IssueOptions) => ({
          target: { type: 'user', reference: options.user },
          args: { ...options },
        }),
        run: async (options: IssueOptions) => {
          const secrets = await clusterKeySecrets(context);
          let location: KeySecretLocation | undefined;
          const issued = await issueKey(
            {
              db: await context.db(),
              pepper: context.config.API_KEY_PEPPER,
              secretBox: createSecretBox(context.config.WEBHOOK_SECRET_KEY),
              serviceEnv: context.config.SERVICE_ENV,
              lookupHost: lookupAllAddresses,
              now: context.now(),
              ...(secrets === undefined
                ? {}
                : {
                    handOver: async (plaintext: IssuedKey) => {
                      location = await secrets.write(plaintext);
                      return `secret ${location.namespace}/${location.name}`;
                    },
                  }),
            },
            { ...parseIssueOptions(options), actor: context.actor() },
          );
          const print =
            location === undefined ? printPlaintext(context, issued) : printLocation(context, issued, location);
          return { recordedByUseCase: true, print };
        },
      }),
    );
}

/**
 * KEY_HANDOVER=kubernetes-secret (the keys-issue Job, whose output reaches the cluster's log store): the plaintext
 * goes into a Secret of the pod's own namespace, written with the pod's own service account, never a kubeconfig's
 * (which may name another cluster). Anywhere else (a terminal, `kubectl exec`) it is printed once.
 */
async function clusterKeySecrets(context: AdminContext): Promise<KeySecretWriter | undefined> {
  if (context.config.KEY_HANDOVER !== 'kubernetes-secret') return undefined;
  const namespace = context.config.POD_NAMESPACE;
  if (namespace === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'KEY_HANDOVER=kubernetes-secret needs POD_NAMESPACE (the Job sets it from the downward API)',
    });
  }
  const { inClusterKubeConfig } = await import('#shared/kill-switch/kube-client.js');
  const { kubernetesKeySecretWriter } = await import('../kubernetes/api-key-secret.js');
  return kubernetesKeySecretWriter(inClusterKubeConfig(context.config), namespace);
}

/** Everything the output says about the key besides its id and plaintext. */
function describeKey({ record }: IssuedKey) {
  return {
    userId: record.userId,
    tier: record.tier,
    env: record.env,
    scopes: record.scopes,
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

/** At a terminal: the key and webhook secret, once. */
function printPlaintext(context: AdminContext, issued: IssuedKey): () => void {
  const { record, key, webhookSecret } = issued;
  const described = describeKey(issued);
  const result = { id: record.id, key, ...described, ...(webhookSecret === null ? {} : { webhookSecret }) };
  const human = [
    `issued ${record.tier} ${record.env} key ${record.id} for user ${record.userId}`,
    `  key             ${key}`,
    ...(webhookSecret === null ? [] : [`  webhook secret  ${webhookSecret}`]),
    `  scopes          ${record.scopes.join(', ')}`,
    `  expires         ${described.expiresAt ?? 'never'}`,
    'Store the key now: it is not shown again.',
  ];
  return () => context.print(result, human);
}

/** In a cluster: only where the Secret is, never what it holds. */
function printLocation(context: AdminContext, issued: IssuedKey, location: KeySecretLocation): () => void {
  const { record } = issued;
  const described = describeKey(issued);
  const result = { id: record.id, ...described, secret: location };
  const human = [
    `issued ${record.tier} ${record.env} key ${record.id} for user ${record.userId}`,
    `  secret          ${location.namespace}/${location.name} (entries: ${location.entries.join(', ')})`,
    `  scopes          ${record.scopes.join(', ')}`,
    `  expires         ${described.expiresAt ?? 'never'}`,
    'Read the Secret once, hand the key over, then delete the Secret (docs/runbooks/cluster-operations.md).',
  ];
  return () => context.print(result, human);
}

function parseIssueOptions(options: IssueOptions): Omit<IssueKeyCommand, 'actor'> {
  const name = options.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) {
    throw new AppError('VALIDATION_FAILED', { detail: '--name must be 1 to 100 characters' });
  }
  const { dailySpendLimit, perTradeLimit, highValueThreshold, confirmationWindow } = options;
  return {
    user: options.user,
    tier: parseChoice(options.tier, '--tier', apiKeyTiers),
    env: parseChoice(options.env, '--env', apiKeyEnvironments),
    ...(options.scopes !== undefined ? { scopes: parseList(options.scopes) } : {}),
    ...(options.ipAllowlist !== undefined ? { ipAllowlist: parseList(options.ipAllowlist) } : {}),
    ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl.trim() } : {}),
    ...(options.expiresAt !== undefined ? { expiresAt: parseInstant(options.expiresAt, '--expires-at') } : {}),
    ...(options.rpm !== undefined ? { rateLimitRpm: parseInteger(options.rpm, '--rpm', 1, 1_000_000) } : {}),
    ...(dailySpendLimit !== undefined
      ? { dailySpendLimit: parseUsdcAmount(dailySpendLimit, '--daily-spend-limit') }
      : {}),
    ...(perTradeLimit !== undefined ? { perTradeLimit: parseUsdcAmount(perTradeLimit, '--per-trade-limit') } : {}),
    ...(highValueThreshold !== undefined
      ? { highValueThreshold: parseUsdcAmount(highValueThreshold, '--high-value-threshold') }
      : {}),
    ...(confirmationWindow !== undefined
      ? { confirmationWindowS: parseInteger(confirmationWindow, '--confirmation-window', 10, 86_400) }
      : {}),
    ...(name !== undefined ? { name } : {}),
  };
}
