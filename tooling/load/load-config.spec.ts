import { describe, expect, it } from '@jest/globals';
import {
  buildStages,
  formatDuration,
  loadTimeline,
  parseDuration,
  plannedIterations,
  resolveLoadConfig,
  resolveLoadShape,
  runThresholds,
  stagesDurationMs,
} from '../../loadtest/lib/load-config.js';
import { scenarioKit } from '../../loadtest/lib/scenario-kit.js';
import type { LoadShape } from '../../loadtest/lib/scenario-types.js';

describe('load-test settings shared by k6 and the Node twin', () => {
  it('defaults to what npm start serves, with no key', () => {
    const config = resolveLoadConfig({});
    expect(config).toMatchObject({
      publicUrl: 'http://localhost:3001',
      tradingUrl: 'http://localhost:3000',
      apiKeys: [],
      tradeAmount: '0.5',
      confirmAmount: '2',
      duplicateShare: 0.2,
      marketId: null,
      clientAddresses: 64,
    });
    expect(config.metricsTargets.map((target) => target.name)).toEqual([
      'trading-api',
      'public-read',
      'chain-executor',
      'webhook-dispatcher',
    ]);
  });

  it('samples every replica of REPLICAS=N npm start by default: replica i on the port + 100·i, named as npm start names it', () => {
    const targets = resolveLoadConfig({ REPLICAS: '2' }).metricsTargets;
    expect(targets).toHaveLength(8);
    expect(targets).toContainEqual({ name: 'chain-executor#1', url: 'http://localhost:3102/metrics' });
    expect(targets).toContainEqual({ name: 'webhook-dispatcher', url: 'http://localhost:3003/metrics' });
    expect(() => resolveLoadConfig({ REPLICAS: '11' })).toThrow('REPLICAS must be a number from 1 to 10');
  });

  it('names the client in the place the gateway appends it: LOADTEST_GATEWAY_APPENDED=2 adds one entry after it', () => {
    const config = resolveLoadConfig({ LOADTEST_GATEWAY_APPENDED: '2' });
    expect(scenarioKit.clientHeaders(config, { vu: 1, iteration: 0 })).toEqual({
      'X-Forwarded-For': '198.18.0.0, 127.0.0.1',
    });
    expect(() => resolveLoadConfig({ LOADTEST_GATEWAY_APPENDED: '0' })).toThrow('LOADTEST_GATEWAY_APPENDED');
  });

  it('reads URLs, keys and amounts from the environment, trimming trailing slashes', () => {
    const config = resolveLoadConfig({
      LOADTEST_PUBLIC_URL: 'https://embed.example/',
      LOADTEST_TRADING_URL: 'https://api.example',
      LOADTEST_API_KEYS: 'svc_test_a, svc_test_b',
      LOADTEST_TRADE_AMOUNT: '1.25',
      LOADTEST_METRICS: 'api=http://10.0.0.1:3000/metrics,http://10.0.0.2:3001/metrics',
    });
    expect(config.publicUrl).toBe('https://embed.example');
    expect(config.apiKeys).toEqual(['svc_test_a', 'svc_test_b']);
    expect(config.tradeAmount).toBe('1.25');
    expect(config.metricsTargets).toEqual([
      { name: 'api', url: 'http://10.0.0.1:3000/metrics' },
      { name: '10.0.0.2:3001', url: 'http://10.0.0.2:3001/metrics' },
    ]);
  });

  it('spreads the iterations over LOADTEST_CLIENT_ADDRESSES client addresses in 198.18.0.0/15, or none at 0', () => {
    const config = resolveLoadConfig({ LOADTEST_CLIENT_ADDRESSES: '300' });
    expect(scenarioKit.clientHeaders(config, { vu: 1, iteration: 0 })).toEqual({ 'X-Forwarded-For': '198.18.0.0' });
    // One VU's successive iterations are successive visitors; another VU's start elsewhere.
    expect(scenarioKit.clientHeaders(config, { vu: 1, iteration: 257 })).toEqual({ 'X-Forwarded-For': '198.18.1.1' });
    expect(scenarioKit.clientHeaders(config, { vu: 1, iteration: 300 })).toEqual({ 'X-Forwarded-For': '198.18.0.0' });
    expect(scenarioKit.clientHeaders(config, { vu: 2, iteration: 0 })).toEqual({ 'X-Forwarded-For': '198.18.0.109' });
    expect(scenarioKit.v1Headers({ ...config, apiKeys: ['k'] }, 1)).toMatchObject({ 'X-Forwarded-For': '198.18.0.0' });
    const none = resolveLoadConfig({ LOADTEST_CLIENT_ADDRESSES: '0' });
    expect(scenarioKit.clientHeaders(none, { vu: 7, iteration: 3 })).toEqual({});
    expect(() => resolveLoadConfig({ LOADTEST_CLIENT_ADDRESSES: '-1' })).toThrow(/LOADTEST_CLIENT_ADDRESSES/);
  });

  it('names the variable of a bad value', () => {
    expect(() => resolveLoadConfig({ LOADTEST_TRADING_URL: 'api.example' })).toThrow(/LOADTEST_TRADING_URL/);
    expect(() => resolveLoadConfig({ LOADTEST_TRADE_AMOUNT: '0.1234567' })).toThrow(/LOADTEST_TRADE_AMOUNT/);
    expect(() => resolveLoadConfig({ LOADTEST_CONFIRM_AMOUNT: '0' })).toThrow(/LOADTEST_CONFIRM_AMOUNT/);
    expect(() => resolveLoadConfig({ LOADTEST_DUPLICATE_SHARE: '1.5' })).toThrow(/LOADTEST_DUPLICATE_SHARE/);
    expect(() => resolveLoadConfig({ LOADTEST_MARKET_ID: 'market-1' })).toThrow(/LOADTEST_MARKET_ID/);
    expect(() => resolveLoadShape(defaults, { LOADTEST_PROFILE: 'stress' })).toThrow(/LOADTEST_PROFILE/);
    expect(() => resolveLoadShape(defaults, { LOADTEST_HOLD: 'ten minutes' })).toThrow(/LOADTEST_HOLD/);
  });

  const defaults: LoadShape = { profile: 'ramp', rate: 10, hold: '1m', maxVUs: 50 };

  it('lets the environment change the profile, rate, hold and concurrency', () => {
    expect(
      resolveLoadShape(defaults, {
        LOADTEST_PROFILE: 'spike',
        LOADTEST_RATE: '40',
        LOADTEST_HOLD: '2m',
        LOADTEST_MAX_VUS: '9',
      }),
    ).toEqual({ profile: 'spike', rate: 40, hold: '2m', maxVUs: 9 });
  });

  it('parses and formats k6 durations', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('2.5s')).toBe(2_500);
    expect(parseDuration('soon')).toBeNaN();
    expect(formatDuration(90_000)).toBe('90s');
    expect(formatDuration(2_500)).toBe('2500ms');
  });

  it('ramps up, holds the peak and ramps down', () => {
    expect(buildStages(defaults)).toEqual([
      { duration: '15s', target: 10 },
      { duration: '1m', target: 10 },
      { duration: '6s', target: 0 },
    ]);
  });

  it('soaks ten minutes at the moderate peak behind a gentle ramp', () => {
    const stages = buildStages({ profile: 'soak', rate: 8, hold: '10m', maxVUs: 60 });
    expect(stages).toEqual([
      { duration: '60s', target: 8 },
      { duration: '10m', target: 8 },
      { duration: '10s', target: 0 },
    ]);
    expect(stagesDurationMs(stages)).toBe(670_000);
  });

  it('spikes from a fifth of the peak to the peak in 5 s and back', () => {
    const targets = buildStages({ profile: 'spike', rate: 50, hold: '30s', maxVUs: 60 }).map((stage) => stage.target);
    expect(targets).toEqual([10, 10, 50, 50, 10, 10, 0]);
  });

  it('places warm-up after the ramp and a minute of the hold, and the ramp down at the last stage', () => {
    expect(loadTimeline(buildStages({ profile: 'soak', rate: 8, hold: '10m', maxVUs: 60 }))).toEqual({
      warmUpEndMs: 120_000,
      rampDownStartMs: 660_000,
      endMs: 670_000,
    });
    // A short trial keeps the shape: a quarter of a short hold warms up.
    expect(loadTimeline(buildStages({ profile: 'soak', rate: 8, hold: '2m', maxVUs: 60 }))).toEqual({
      warmUpEndMs: 30_000 + 30_000,
      rampDownStartMs: 150_000,
      endMs: 160_000,
    });
    // Spike: both moments at the baseline rate (the first calm, and the calm after the spike).
    const spike = loadTimeline(buildStages({ profile: 'spike', rate: 50, hold: '30s', maxVUs: 60 }));
    expect(spike).toEqual({
      warmUpEndMs: 7_500 + 3_750,
      rampDownStartMs: 7_500 + 15_000 + 5_000 + 30_000 + 5_000 + 15_000,
      endMs: 80_500,
    });
  });

  it('plans the iterations of the stages and lets a run drop at most 1 % of them', () => {
    const soak = buildStages({ profile: 'soak', rate: 8, hold: '10m', maxVUs: 60 });
    // ramp 60 s to 8/s (240), 600 s at 8/s (4,800), 10 s down (40)
    expect(plannedIterations(soak)).toBe(5_080);
    expect(runThresholds({ checks: ['rate>0.99'] }, soak)).toEqual({
      checks: ['rate>0.99'],
      dropped_iterations: ['count<=50'],
    });
    expect(runThresholds({ dropped_iterations: ['count==0'] }, soak)).toEqual({ dropped_iterations: ['count==0'] });
  });
});
