/*
 * Telemetry of the calling key over 24 h, 7 d and 30 d: auth failures from the audit log (auth_failures) and
 * rate-limit rejections from the per-minute counters (request_usage, flushed every few seconds). Trade and webhook
 * figures are zero until those routes are served by this release.
 */
import type { Knex } from 'knex';
import { countAuthFailuresForKey, sumRequestUsage } from '../../../../shared/src/db/index.js';

export const usageWindows = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type UsageWindow = keyof typeof usageWindows;

const DAY_MS = 86_400_000;

const emptyTrades = () => ({
  total: 0,
  completed: 0,
  failed: 0,
  successRate: null,
  latencyMs: { p50: null, p99: null },
});
const emptyWebhooks = () => ({ emitted: 0, delivered: 0, failed: 0 });

export async function getAccountUsage(deps: { db: Knex }, command: { apiKeyId: string; now: Date }) {
  const windows = Object.entries(usageWindows) as Array<[UsageWindow, number]>;
  const auth = await Promise.all(
    windows.map(async ([name, days]) => {
      const since = new Date(command.now.getTime() - days * DAY_MS);
      const [failures, counters] = await Promise.all([
        countAuthFailuresForKey(deps.db, command.apiKeyId, since),
        sumRequestUsage(deps.db, command.apiKeyId, since),
      ]);
      return [name, { failures, rateLimitRejections: counters.rateLimitRejections }] as const;
    }),
  );
  return {
    apiKeyId: command.apiKeyId,
    generatedAt: command.now.toISOString(),
    trades: { '24h': emptyTrades(), '7d': emptyTrades(), '30d': emptyTrades() },
    webhooks: { '24h': emptyWebhooks(), '7d': emptyWebhooks(), '30d': emptyWebhooks() },
    auth: Object.fromEntries(auth) as Record<UsageWindow, { failures: number; rateLimitRejections: number }>,
  };
}
