/*
 * Telemetry of the calling key over 24 h, 7 d and 30 d, each window ending at `now` (the app's clock): trade figures
 * from the key's trades rows (usage/trade-usage.ts says what each member counts), auth failures from the audit log
 * (auth_failures), rate-limit rejections from the per-minute counters (request_usage, flushed every few seconds) and
 * webhook figures from the key's webhook events created in the window (emitted = recorded for delivery; delivered and
 * failed = their current delivery status).
 */
import type { Knex } from 'knex';
import { countAuthFailuresForKey } from '../db/auth-failures/auth-failures.repository.js';
import { countWebhookEventsOfKey } from '#shared/db/webhook-events/webhook-events.repository.js';
import { sumRequestUsage } from '../db/request-usage/request-usage.repository.js';
import { readTradeUsage, type TradeUsage } from '../usage/trade-usage.js';

export const usageWindows = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type UsageWindow = keyof typeof usageWindows;

const DAY_MS = 86_400_000;

export async function getAccountUsage(deps: { db: Knex }, command: { apiKeyId: string; now: Date }) {
  // cast: usageWindows is a frozen literal whose own keys are exactly the UsageWindow names.
  const windows = Object.entries(usageWindows) as Array<[UsageWindow, number]>;
  const figures = await Promise.all(
    windows.map(async ([name, days]) => {
      const since = new Date(command.now.getTime() - days * DAY_MS);
      const window = { since, until: command.now };
      const [trades, webhooks, failures, counters] = await Promise.all([
        readTradeUsage(deps.db, command.apiKeyId, window),
        countWebhookEventsOfKey(deps.db, command.apiKeyId, window),
        countAuthFailuresForKey(deps.db, command.apiKeyId, since),
        sumRequestUsage(deps.db, command.apiKeyId, since),
      ]);
      return { name, trades, webhooks, auth: { failures, rateLimitRejections: counters.rateLimitRejections } };
    }),
  );
  const byWindow = <T>(pick: (figure: (typeof figures)[number]) => T) =>
    // cast: figures holds one entry per UsageWindow (mapped from windows above), so every name is a member.
    Object.fromEntries(figures.map((figure) => [figure.name, pick(figure)])) as Record<UsageWindow, T>;
  return {
    apiKeyId: command.apiKeyId,
    generatedAt: command.now.toISOString(),
    trades: byWindow<TradeUsage>((figure) => figure.trades),
    webhooks: byWindow((figure) => figure.webhooks),
    auth: byWindow((figure) => figure.auth),
  };
}
