import type { Command } from 'commander';
import { createSecretBox } from '#shared/auth/secret-box.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import { parseInteger, parseLimit } from '../cli-arguments.js';
import { resealWebhookSecrets, type ResealProgress } from '../use-cases/reseal-webhook-secrets.use-case.js';
import { pepperStatus, webhookSecretStatus } from '../use-cases/secret-rotation-status.use-case.js';

const progressLine = (progress: ResealProgress) =>
  `examined ${progress.examined} keys: ${progress.resealed} resealed, ${progress.alreadyCurrent} already current, ` +
  `${progress.unreadable} unreadable, ${progress.changedConcurrently} changed concurrently`;

/**
 * `secrets status|reseal`: rotating the API-key pepper and the webhook-secret key without invalidating keys or
 * webhook secrets (docs/decisions/0030, docs/runbooks/cluster-operations.md). Never prints a key, hash or secret.
 */
export function registerSecretCommands(program: Command, context: AdminContext): void {
  const secrets = program
    .command('secrets')
    .description('rotation of API_KEY_PEPPER and WEBHOOK_SECRET_KEY: progress and re-encryption');
  const { config } = context;
  const secretBox = () => createSecretBox(config.WEBHOOK_SECRET_KEY, config.WEBHOOK_SECRET_KEY_PREVIOUS);

  secrets
    .command('status')
    .description('active keys still hashed under another pepper; webhook secrets by the key that opens them')
    .option('--limit <n>', 'how many of the keys still waiting to list (1-1000)', '50')
    .action(
      audited(context, {
        action: 'secrets.status',
        describe: (options: { limit: string }) => ({ args: { ...options } }),
        run: async (options: { limit: string }) => {
          const db = await context.db();
          const apiKeyPepper = await pepperStatus(
            { db, now: context.now() },
            { current: config.API_KEY_PEPPER, previous: config.API_KEY_PEPPER_PREVIOUS },
            parseLimit(options.limit),
          );
          const webhookSecrets = await webhookSecretStatus({ db, secretBox: secretBox() });
          const { activeKeys } = apiKeyPepper;
          const human = [
            `API-key pepper ${apiKeyPepper.currentId}` +
              (apiKeyPepper.previousId ? ` (previous ${apiKeyPepper.previousId})` : ' (no API_KEY_PEPPER_PREVIOUS)'),
            `  active keys on the current pepper     ${activeKeys.current}`,
            `  on the previous pepper                ${activeKeys.previous}`,
            `  not verified since tracking began     ${activeKeys.untagged}`,
            `  on another pepper                     ${activeKeys.other}`,
            `  waiting for their next request        ${apiKeyPepper.waitingFor}`,
            ...apiKeyPepper.keys.map(
              (key) => `    ${key.id}  …${key.last4}  ${key.userId}  ${key.pepper.padEnd(8)}  ${key.createdAt}`,
            ),
            'webhook secrets',
            `  under WEBHOOK_SECRET_KEY              ${webhookSecrets.sealed.current}`,
            `  under WEBHOOK_SECRET_KEY_PREVIOUS     ${webhookSecrets.sealed.previous}` +
              (webhookSecrets.sealed.previous ? '  (run `secrets reseal`)' : ''),
            `  unreadable                            ${webhookSecrets.sealed.unreadable}` +
              (webhookSecrets.unreadableKeyIds.length ? `  keys: ${webhookSecrets.unreadableKeyIds.join(', ')}` : ''),
          ];
          return {
            details: {
              pepperWaitingFor: apiKeyPepper.waitingFor,
              webhookSecrets: webhookSecrets.sealed,
            },
            print: () => context.print({ apiKeyPepper, webhookSecrets }, human),
          };
        },
      }),
    );

  secrets
    .command('reseal')
    .description('re-encrypt every webhook secret sealed under WEBHOOK_SECRET_KEY_PREVIOUS with WEBHOOK_SECRET_KEY')
    .option('--batch-size <n>', 'keys read and written per round (1-5000)', '500')
    .option('--dry-run', 'count what would be re-encrypted, change nothing')
    .action(
      audited(context, {
        action: 'secrets.reseal',
        describe: (options: { batchSize: string; dryRun?: boolean }) => ({ args: { ...options } }),
        run: async (options: { batchSize: string; dryRun?: boolean }) => {
          const batchSize = parseInteger(options.batchSize, '--batch-size', 1, 5_000);
          if (config.WEBHOOK_SECRET_KEY_PREVIOUS === undefined) {
            context.io.stderr(
              'warning: WEBHOOK_SECRET_KEY_PREVIOUS is not set: secrets sealed under another key cannot be opened\n',
            );
          }
          const result = await resealWebhookSecrets(
            {
              db: await context.db(),
              secretBox: secretBox(),
              onProgress: (progress) => context.io.stderr(`${progressLine(progress)}\n`),
            },
            { batchSize, dryRun: options.dryRun === true },
          );
          const human = [
            `${result.dryRun ? 'dry run: ' : ''}${progressLine(result)}`,
            ...(result.unreadableKeyIds.length ? [`unreadable: ${result.unreadableKeyIds.join(', ')}`] : []),
            ...(result.changedConcurrently ? ['some keys changed while this ran: run it again'] : []),
          ];
          const { unreadableKeyIds, ...counts } = result;
          return {
            details: { ...counts, unreadableKeys: unreadableKeyIds.length },
            print: () => context.print({ ...result }, human),
            // Keys left under the previous key or under none: a Job's status says so, not only its log.
            incomplete: !result.dryRun && (result.changedConcurrently > 0 || result.unreadable > 0),
          };
        },
      }),
    );
}
