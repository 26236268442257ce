import { describe, expect, it } from '@jest/globals';
import { RateLimitTally, rateLimitAdvice } from './rate-limit-advice.js';

const config = { publicUrl: 'http://localhost:3001', tradingUrl: 'http://localhost:3000' };

describe('rate-limit advice of npm run load', () => {
  it("names public-read's limit variables and the limited routes in one line", () => {
    const tally = new RateLimitTally();
    const limited = { 'x-ratelimit-limit': '100' };
    for (let i = 0; i < 3; i += 1)
      tally.record('http://localhost:3001/api/markets?limit=20', 'GET /api/markets', 429, limited);
    tally.record(
      'http://localhost:3001/api/markets/x?history=true',
      'GET /api/markets/{id}?history=true',
      429,
      limited,
    );
    tally.record('http://localhost:3001/api/markets', 'GET /api/markets', 200, {});
    const advice = rateLimitAdvice(tally.list(), config);
    expect(advice).toHaveLength(1);
    expect(advice[0]).toContain(
      '4 answers were 429 (GET /api/markets ×3, GET /api/markets/{id}?history=true ×1, limit 100',
    );
    expect(advice[0]).toContain('RATE_LIMIT_DEFAULT=1000000000 RATE_LIMIT_THREADS_LIST=1000000000 npm start');
    expect(advice[0]).not.toContain('\n');
  });

  it("points a trading-API 429 at the key's limit, another origin at itself, and says nothing without 429s", () => {
    const tally = new RateLimitTally();
    tally.record('http://localhost:3000/v1/trades', 'POST /v1/trades', 429, {});
    tally.record('http://127.0.0.1:4010/stats', 'GET receiver /stats', 429, {});
    const [trading, other] = rateLimitAdvice(tally.list(), config);
    expect(trading).toMatch(
      /^rate limited by the trading API's per-user key limit: 1 answers were 429 \(POST \/v1\/trades ×1\)/,
    );
    expect(trading).toContain('--rpm');
    expect(other).toBe('rate limited by http://127.0.0.1:4010: 1 answers were 429 (GET receiver /stats ×1).');
    expect(rateLimitAdvice(new RateLimitTally().list(), config)).toEqual([]);
  });
});
