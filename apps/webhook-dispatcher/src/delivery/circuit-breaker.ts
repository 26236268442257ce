/*
 * Circuit breaker per endpoint URL, shared by every dispatcher replica through Redis (DESIGN §6): it opens after 5
 * consecutive failures, or when more than 50 % of at least 10 attempts in the last 5 minutes failed; stays open
 * 30 s; then lets exactly one half-open probe through (a probe token, SET NX), which closes it on success and
 * reopens it on failure. While it is open the dispatcher postpones the key's event without spending an attempt.
 * Failures are the retryable ones (5xx, 408, 429, 3xx, timeouts, network errors): a 4xx that fails an event is the
 * endpoint answering, not the endpoint failing, so it counts as a success here (a half-open probe answered with 410
 * closes the breaker). Any result frees the probe slot. Time comes from the caller, so tests drive it on a clock.
 */
import { createHash } from 'node:crypto';
import { createLuaScript } from '#shared/redis/lua-script.js';
import { type Redis } from '#shared/redis/create-redis.js';

const BREAKER_POLICY = {
  consecutiveFailures: 5,
  windowMs: 5 * 60_000,
  minimumAttempts: 10,
  failureRatio: 0.5,
  openMs: 30_000,
  /** A probe that never reports back (its replica died) frees the half-open slot after this long. */
  probeTimeoutMs: 15_000,
} as const;

const BUCKET_MS = 60_000;
const BUCKETS = BREAKER_POLICY.windowMs / BUCKET_MS;

export type BreakerAdmission = { kind: 'closed' } | { kind: 'probe' } | { kind: 'open'; retryAt: number };
export type BreakerTransition = 'opened' | 'reopened' | 'closed' | null;

export interface CircuitBreaker {
  admit(url: string, nowMs: number): Promise<BreakerAdmission>;
  /**
   * Records consecutive attempts to `url`: `successes` delivered, then (when `failed`) one retryable failure. Says
   * whether they opened or closed the breaker.
   */
  record(url: string, results: { successes: number; failed: boolean }, nowMs: number): Promise<BreakerTransition>;
}

// KEYS[1] state hash, KEYS[2] probe token. ARGV: now, probe timeout. → {0} closed | {1} probe | {2, retryAt} open
const ADMIT = `
local openUntil = tonumber(redis.call('HGET', KEYS[1], 'openUntil') or '0')
if openUntil == 0 then return {0} end
local now = tonumber(ARGV[1])
if now < openUntil then return {2, openUntil} end
if redis.call('SET', KEYS[2], '1', 'PX', ARGV[2], 'NX') then return {1} end
return {2, now + 1000}
`;

// KEYS[1] state, KEYS[2] probe, KEYS[3..] minute buckets (current first).
// ARGV: successes, failed (1|0; it came after the successes), now, consecutive limit, minimum attempts, ratio,
// openMs, bucket ttl. → 1 opened | 2 closed | 3 reopened (a failed probe) | 0 unchanged
const RECORD = `
local successes = tonumber(ARGV[1])
local failed = ARGV[2] == '1'
local now = tonumber(ARGV[3])
local wasOpen = tonumber(redis.call('HGET', KEYS[1], 'openUntil') or '0') > 0
local transition = 0
if successes > 0 then
  redis.call('HSET', KEYS[1], 'consecutive', 0, 'openUntil', 0)
  redis.call('DEL', KEYS[2])
  if wasOpen then
    for i = 3, #KEYS do redis.call('DEL', KEYS[i]) end
    transition = 2
    wasOpen = false
  end
end
redis.call('HINCRBY', KEYS[3], 'total', successes + (failed and 1 or 0))
if failed then redis.call('HINCRBY', KEYS[3], 'failed', 1) end
redis.call('PEXPIRE', KEYS[3], ARGV[8])
if not failed then
  redis.call('DEL', KEYS[2])
  return transition
end
local consecutive = redis.call('HINCRBY', KEYS[1], 'consecutive', 1)
local total, failures = 0, 0
for i = 3, #KEYS do
  local bucket = redis.call('HMGET', KEYS[i], 'total', 'failed')
  total = total + tonumber(bucket[1] or '0')
  failures = failures + tonumber(bucket[2] or '0')
end
if wasOpen or consecutive >= tonumber(ARGV[4]) or (total >= tonumber(ARGV[5]) and failures > total * tonumber(ARGV[6])) then
  redis.call('HSET', KEYS[1], 'openUntil', now + tonumber(ARGV[7]))
  redis.call('PEXPIRE', KEYS[1], 86400000)
  redis.call('DEL', KEYS[2])
  if wasOpen then return 3 end
  return 1
end
return transition
`;

const urlKey = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 24);

export function createCircuitBreaker(redis: Redis): CircuitBreaker {
  const admitScript = createLuaScript(redis, ADMIT);
  const recordScript = createLuaScript(redis, RECORD);
  const keysOf = (url: string) => {
    const base = `webhooks:breaker:${urlKey(url)}`;
    return { state: base, probe: `${base}:probe`, bucket: (minute: number) => `${base}:m:${minute}` };
  };
  return {
    async admit(url, nowMs) {
      const keys = keysOf(url);
      const answer = await admitScript.run([keys.state, keys.probe], [nowMs, BREAKER_POLICY.probeTimeoutMs]);
      const [state, retryAt]: unknown[] = Array.isArray(answer) ? answer : [];
      if (state === 0) return { kind: 'closed' };
      if (state === 1) return { kind: 'probe' };
      return { kind: 'open', retryAt: Number(retryAt) };
    },
    async record(url, results, nowMs) {
      const keys = keysOf(url);
      const minute = Math.floor(nowMs / BUCKET_MS);
      const buckets = Array.from({ length: BUCKETS }, (_, index) => keys.bucket(minute - index));
      const { consecutiveFailures, minimumAttempts, failureRatio, openMs, windowMs } = BREAKER_POLICY;
      const result = Number(
        await recordScript.run(
          [keys.state, keys.probe, ...buckets],
          [
            results.successes,
            results.failed ? 1 : 0,
            nowMs,
            consecutiveFailures,
            minimumAttempts,
            failureRatio,
            openMs,
            windowMs + BUCKET_MS,
          ],
        ),
      );
      return ({ 1: 'opened', 2: 'closed', 3: 'reopened' } as const)[result] ?? null;
    },
  };
}
