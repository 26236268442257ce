import type { Queryable } from '#shared/db/transaction.js';

/** Counts of one key in one UTC minute. */
export interface UsageIncrement {
  apiKeyId: string;
  /** Truncated to the minute by the caller (see usageBucketStart). */
  bucketStart: Date;
  requests: number;
  rateLimitRejections: number;
  authFailures: number;
}

/** The UTC minute a moment (epoch ms) belongs to, as epoch ms: allocation-free for per-request counters. */
export function usageBucketMs(atMs: number): number {
  return Math.floor(atMs / 60_000) * 60_000;
}

/** The UTC minute a moment belongs to. */
export function usageBucketStart(at: Date): Date {
  return new Date(usageBucketMs(at.getTime()));
}

/** Adds the increments (one upsert per statement; rows of the same key and minute accumulate). */
export async function addRequestUsage(db: Queryable, increments: readonly UsageIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  await db('request_usage')
    .insert(
      increments.map((increment) => ({
        api_key_id: increment.apiKeyId,
        bucket_start: increment.bucketStart,
        requests: increment.requests,
        rate_limit_rejections: increment.rateLimitRejections,
        auth_failures: increment.authFailures,
      })),
    )
    .onConflict(['api_key_id', 'bucket_start'])
    .merge({
      requests: db.raw('requests + VALUES(requests)'),
      rate_limit_rejections: db.raw('rate_limit_rejections + VALUES(rate_limit_rejections)'),
      auth_failures: db.raw('auth_failures + VALUES(auth_failures)'),
    });
}

export interface UsageTotals {
  requests: number;
  rateLimitRejections: number;
  authFailures: number;
}

/** Sums a key's counts over minutes at or after `since`. */
export async function sumRequestUsage(db: Queryable, apiKeyId: string, since: Date): Promise<UsageTotals> {
  const row: Record<string, unknown> | undefined = await db('request_usage')
    .where({ api_key_id: apiKeyId })
    .andWhere('bucket_start', '>=', usageBucketStart(since))
    .sum({ requests: 'requests', rateLimitRejections: 'rate_limit_rejections', authFailures: 'auth_failures' })
    .first();
  return {
    requests: Number(row?.requests ?? 0),
    rateLimitRejections: Number(row?.rateLimitRejections ?? 0),
    authFailures: Number(row?.authFailures ?? 0),
  };
}
