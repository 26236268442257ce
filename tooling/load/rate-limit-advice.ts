/*
 * What `npm run load` says when a rate limiter answered 429: one line per limited service naming its figures and
 * the setting to raise, printed before the summary. A load test measures the service, not its limiter, so the
 * operator must see at once that errors=N came from the limiter and how to lift it.
 */
import type { LoadConfig } from '../../loadtest/lib/scenario-types.js';

/** 429 answers of one origin: how many, per request name, and the limit the responses announced. */
export interface RateLimitedOrigin {
  origin: string;
  count: number;
  byName: Record<string, number>;
  /** X-RateLimit-Limit of the last 429 (requests per window), null when absent. */
  limit: number | null;
}

/** Collects 429 answers by origin (the Node twin's HTTP client feeds it every response). */
export class RateLimitTally {
  private readonly origins = new Map<string, RateLimitedOrigin>();

  record(url: string, name: string, status: number, headers: Readonly<Record<string, string>>): void {
    if (status !== 429) return;
    const origin = new URL(url).origin;
    const entry = this.origins.get(origin) ?? { origin, count: 0, byName: {}, limit: null };
    entry.count += 1;
    entry.byName[name] = (entry.byName[name] ?? 0) + 1;
    const limit = Number(headers['x-ratelimit-limit']);
    if (Number.isFinite(limit) && limit > 0) entry.limit = limit;
    this.origins.set(origin, entry);
  }

  list(): RateLimitedOrigin[] {
    return [...this.origins.values()];
  }
}

const originOf = (url: string): string => new URL(url).origin;

function figures(entry: RateLimitedOrigin): string {
  const names = Object.entries(entry.byName)
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${name} ×${count}`)
    .join(', ');
  const limit = entry.limit === null ? '' : `, limit ${entry.limit} per window`;
  return `${entry.count} answers were 429 (${names}${limit})`;
}

/** One line per rate-limited origin; empty when nothing was limited. */
export function rateLimitAdvice(
  limited: readonly RateLimitedOrigin[],
  config: Pick<LoadConfig, 'publicUrl' | 'tradingUrl'>,
): string[] {
  return limited
    .filter((entry) => entry.count > 0)
    .map((entry) => {
      if (entry.origin === originOf(config.publicUrl)) {
        return (
          `rate limited by public-read's per-IP limit: ${figures(entry)}. Raise it for a load test: ` +
          'RATE_LIMIT_DEFAULT=1000000000 RATE_LIMIT_THREADS_LIST=1000000000 npm start (on a deployment, its ' +
          'RATE_LIMIT_DEFAULT and RATE_LIMIT_THREADS_LIST), or lower LOADTEST_RATE.'
        );
      }
      if (entry.origin === originOf(config.tradingUrl)) {
        return (
          `rate limited by the trading API's per-user key limit: ${figures(entry)}. Use keys issued with a higher ` +
          '--rpm (without LOADTEST_API_KEY, npm run load issues its own without a practical limit), spread over ' +
          'more users, or lower LOADTEST_RATE.'
        );
      }
      return `rate limited by ${entry.origin}: ${figures(entry)}.`;
    });
}
