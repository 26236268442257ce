/*
 * Telemetry of the calling key over 24 h, 7 d and 30 d, each window ending at `now` (the app's clock): trade figures
 * from the key's trades rows (usage/trade-usage.ts says what each member counts), auth failures from the audit log
 * (auth_failures) and rate-limit rejections from the per-minute counters (request_usage, flushed every few seconds).
 * Webhook figures are zero until that route is served by this release.
 */
import type { Knex } from 'knex';
import { countAuthFailuresForKey, sumRequestUsage } from '../../../../shared/src/db/index.js';
import { readTradeUsage, type TradeUsage } from '../usage/trade-usage.js';

export const usageWindows = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type UsageWindow = keyof typeof usageWindows;

const DAY_MS = 86_400_000;

const emptyWebhooks = () => ({ emitted: 0, delivered: 0, failed: 0 });

export async function getAccountUsage(deps: { db: Knex }, command: { apiKeyId: string; now: Date }) {
  const windows = Object.entries(usageWindows) as Array<[UsageWindow, number]>;
  const figures = await Promise.all(
    windows.map(async ([name, days]) => {
      const since = new Date(command.now.getTime() - days * DAY_MS);
      const [trades, failures, counters] = await Promise.all([
        readTradeUsage(deps.db, command.apiKeyId, { since, until: command.now }),
        countAuthFailuresForKey(deps.db, command.apiKeyId, since),
        sumRequestUsage(deps.db, command.apiKeyId, since),
      ]);
      return { name, trades, auth: { failures, rateLimitRejections: counters.rateLimitRejections } };
    }),
  );
  const byWindow = <T>(pick: (figure: (typeof figures)[number]) => T) =>
    Object.fromEntries(figures.map((figure) => [figure.name, pick(figure)])) as Record<UsageWindow, T>;
  return {
    apiKeyId: command.apiKeyId,
    generatedAt: command.now.toISOString(),
    trades: byWindow<TradeUsage>((figure) => figure.trades),
    webhooks: { '24h': emptyWebhooks(), '7d': emptyWebhooks(), '30d': emptyWebhooks() },
    auth: byWindow((figure) => figure.auth),
  };
}
