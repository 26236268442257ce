/*
 * `npm run load`'s own settings (beside the LOADTEST_* variables the shared loadtest/lib/load-config.ts reads, which
 * pass through this schema untouched): where the local stack's database is, to issue load keys there, and the
 * pepper and webhook-secret key the local deployables use (their development defaults, as `npm start` gives them).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { DEVELOPMENT_PEPPER, DEVELOPMENT_WEBHOOK_SECRET_KEY, port, url } from '#shared/config/config-fields.js';
import { repositoryRoot } from '../repository-root.js';

export const loadRunnerConfigSchema = z.looseObject({
  DATABASE_URL: url('mysql://root@127.0.0.1:3306/foretell'),
  API_KEY_PEPPER: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_PEPPER),
  WEBHOOK_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_WEBHOOK_SECRET_KEY),
  /** The port of the runner's own webhook receiver (0: any free port). */
  LOADTEST_RECEIVER_PORT: port(4010),
  /** How many load keys to issue when no LOADTEST_API_KEY(S) is given (spread over the demo users bob and carol). */
  LOADTEST_KEY_COUNT: z.coerce.number().int().min(1).max(8).default(2),
  LOADTEST_REPORTS_DIR: z.string().default(join(repositoryRoot, 'loadtest', 'reports')),
});
export type LoadRunnerConfig = z.infer<typeof loadRunnerConfigSchema>;

/**
 * The stand-alone receiver (webhook-receiver-main.ts) for k6 runs: where it listens, and the webhook secrets of the
 * keys whose webhook URL points at it (comma-separated, as `keys issue --json` printed them).
 */
export const receiverConfigSchema = z.object({
  LOADTEST_RECEIVER_HOST: z.string().default('127.0.0.1'),
  LOADTEST_RECEIVER_PORT: port(4010),
  LOADTEST_WEBHOOK_SECRETS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter((secret) => secret !== ''),
    )
    .refine((secrets) => secrets.length > 0, 'name at least one webhook secret (whsec_…), comma-separated'),
});

/** The string variables of the parsed environment: what the shared LOADTEST_* resolution reads. */
export function stringVariables(config: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
