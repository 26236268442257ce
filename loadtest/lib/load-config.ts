/*
 * The load tests' settings, read from an environment map: k6 passes `__ENV`, the Node twin `process.env`. Pure, so
 * both runtimes resolve the same variables to the same values. A bad value throws an Error naming the variable.
 */
import type { LoadConfig, LoadProfileName, LoadShape, LoadStage, LoadTimeline, Thresholds } from './scenario-types.ts';

export type LoadEnv = Readonly<Record<string, string | undefined>>;

/** What `npm start` serves (README "What runs where"). */
export const LOCAL_DEFAULTS = {
  publicUrl: 'http://localhost:3001',
  tradingUrl: 'http://localhost:3000',
  receiverUrl: 'http://127.0.0.1:4010',
} as const;

const LOCAL_DEPLOYABLE_PORTS = [
  ['trading-api', 3000],
  ['public-read', 3001],
  ['chain-executor', 3002],
  ['webhook-dispatcher', 3003],
] as const;

/**
 * The `/metrics` of every process `REPLICAS=N npm start` runs (N from `REPLICAS`, default 1): replica i of a
 * deployable on its port + 100·i, named as npm start names it (`trading-api`, `trading-api#1`, …).
 */
export function localMetricsTargets(replicas: number): string {
  return LOCAL_DEPLOYABLE_PORTS.flatMap(([name, port]) =>
    Array.from(
      { length: replicas },
      (_, replica) => `${replica === 0 ? name : `${name}#${replica}`}=http://localhost:${port + 100 * replica}/metrics`,
    ),
  ).join(',');
}

const USDC_AMOUNT = /^\d+(\.\d{1,6})?$/;
const PROFILES: readonly LoadProfileName[] = ['ramp', 'soak', 'spike'];

function text(env: LoadEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function baseUrl(env: LoadEnv, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new Error(`${name} must be an http(s) URL (got "${value}")`);
  return value.replace(/\/+$/, '');
}

function usdcAmount(env: LoadEnv, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  if (!USDC_AMOUNT.test(value) || /^0+(\.0+)?$/.test(value)) {
    throw new Error(`${name} must be a USDC amount above zero with at most 6 decimals, e.g. 0.5 (got "${value}")`);
  }
  return value;
}

function numberIn(env: LoadEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** `name=url,name=url` → targets; a bare URL is named after its host and port. */
export function parseMetricsTargets(value: string): Array<{ name: string; url: string }> {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.indexOf('=');
      const url = at < 0 ? entry : entry.slice(at + 1);
      if (!/^https?:\/\//.test(url)) throw new Error(`LOADTEST_METRICS: "${entry}" is not name=http(s)://…`);
      return { name: at < 0 ? url.replace(/^https?:\/\//, '').split('/')[0]! : entry.slice(0, at), url };
    });
}

export function resolveLoadConfig(env: LoadEnv): LoadConfig {
  const keys = (text(env, 'LOADTEST_API_KEYS') ?? text(env, 'LOADTEST_API_KEY') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  const marketId = text(env, 'LOADTEST_MARKET_ID') ?? null;
  if (marketId !== null && !/^[0-9a-f-]{36}$/i.test(marketId)) {
    throw new Error(`LOADTEST_MARKET_ID must be a market's UUID (got "${marketId}")`);
  }
  return {
    publicUrl: baseUrl(env, 'LOADTEST_PUBLIC_URL', LOCAL_DEFAULTS.publicUrl),
    tradingUrl: baseUrl(env, 'LOADTEST_TRADING_URL', LOCAL_DEFAULTS.tradingUrl),
    apiKeys: keys,
    receiverUrl: baseUrl(env, 'LOADTEST_RECEIVER_URL', LOCAL_DEFAULTS.receiverUrl),
    metricsTargets: parseMetricsTargets(
      text(env, 'LOADTEST_METRICS') ?? localMetricsTargets(Math.floor(numberIn(env, 'REPLICAS', 1, 1, 10))),
    ),
    tradeAmount: usdcAmount(env, 'LOADTEST_TRADE_AMOUNT', '0.5'),
    confirmAmount: usdcAmount(env, 'LOADTEST_CONFIRM_AMOUNT', '2'),
    duplicateShare: numberIn(env, 'LOADTEST_DUPLICATE_SHARE', 0.2, 0, 1),
    marketId,
    clientAddresses: Math.floor(numberIn(env, 'LOADTEST_CLIENT_ADDRESSES', 64, 0, 65_536)),
    gatewayAppended: Math.floor(numberIn(env, 'LOADTEST_GATEWAY_APPENDED', 1, 1, 5)),
  };
}

/** The scenario's load shape with LOADTEST_PROFILE, LOADTEST_RATE, LOADTEST_HOLD and LOADTEST_MAX_VUS applied. */
export function resolveLoadShape(defaults: LoadShape, env: LoadEnv): LoadShape {
  const profile = (text(env, 'LOADTEST_PROFILE') ?? defaults.profile) as LoadProfileName;
  if (!PROFILES.includes(profile)) {
    throw new Error(`LOADTEST_PROFILE must be one of ${PROFILES.join(', ')} (got "${profile}")`);
  }
  const hold = text(env, 'LOADTEST_HOLD') ?? defaults.hold;
  if (!(parseDuration(hold) > 0)) throw new Error(`LOADTEST_HOLD must be a k6 duration such as 2m or 90s`);
  return {
    profile,
    rate: Math.round(numberIn(env, 'LOADTEST_RATE', defaults.rate, 1, 100_000)),
    hold,
    maxVUs: Math.round(numberIn(env, 'LOADTEST_MAX_VUS', defaults.maxVUs, 1, 100_000)),
  };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** k6 durations: `500ms`, `30s`, `2m`, `1h30m`, `1m30s`; NaN when malformed. */
export function parseDuration(value: string): number {
  const parts = value.trim().match(/\d+(?:\.\d+)?(?:ms|s|m|h)/g);
  if (!parts || parts.join('') !== value.trim()) return Number.NaN;
  return parts.reduce((sum, part) => {
    const unit = part.match(/(ms|s|m|h)$/)![1]!;
    return sum + Number(part.slice(0, -unit.length)) * UNIT_MS[unit]!;
  }, 0);
}

/** Milliseconds → a k6 duration: whole seconds as `90s`, anything finer as `1500ms`. */
export function formatDuration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return whole % 1_000 === 0 ? `${whole / 1_000}s` : `${whole}ms`;
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/**
 * The ramping-arrival-rate stages of a profile. ramp: up, hold the peak, down. soak: a gentle ramp, a long hold at
 * the (moderate) peak, down. spike: a baseline of a fifth of the peak, a 5 s jump to the peak, hold, back to the
 * baseline, down. Ramps scale with short holds so a short trial keeps its shape.
 */
export function buildStages(shape: LoadShape): LoadStage[] {
  const holdMs = parseDuration(shape.hold);
  const rampUp = formatDuration(clamp(holdMs / 4, 1_000, shape.profile === 'soak' ? 60_000 : 30_000));
  const rampDown = formatDuration(clamp(holdMs / 10, 1_000, 10_000));
  const peak = shape.rate;
  if (shape.profile === 'spike') {
    const base = Math.max(1, Math.round(peak / 5));
    const calm = formatDuration(clamp(holdMs / 2, 2_000, 30_000));
    return [
      { duration: rampUp, target: base },
      { duration: calm, target: base },
      { duration: '5s', target: peak },
      { duration: shape.hold, target: peak },
      { duration: '5s', target: base },
      { duration: calm, target: base },
      { duration: rampDown, target: 0 },
    ];
  }
  return [
    { duration: rampUp, target: peak },
    { duration: shape.hold, target: peak },
    { duration: rampDown, target: 0 },
  ];
}

/** Total length of the stages in ms. */
export function stagesDurationMs(stages: readonly LoadStage[]): number {
  return stages.reduce((sum, stage) => sum + parseDuration(stage.duration), 0);
}

/** How long a soak's load runs at its rate before it counts as warmed up (pools filled, code optimised). */
const WARM_UP_MS = 60_000;

/**
 * When the load is warmed up (the first stage, the ramp, and then a minute of the next, or a quarter of it when that
 * is shorter) and when its last stage, the ramp down, begins: the soak compares figures sampled at these two
 * moments, both under the same load.
 */
export function loadTimeline(stages: readonly LoadStage[]): LoadTimeline {
  const durations = stages.map((stage) => parseDuration(stage.duration));
  const endMs = durations.reduce((sum, duration) => sum + duration, 0);
  const warmUpEndMs = (durations[0] ?? 0) + Math.min(WARM_UP_MS, (durations[1] ?? 0) / 4);
  const rampDown = durations.length >= 3 ? (durations[durations.length - 1] ?? 0) : 0;
  return { warmUpEndMs, rampDownStartMs: Math.max(warmUpEndMs, endMs - rampDown), endMs };
}

/** Iterations the stages plan: each stage ramps linearly from the previous target (0 at first) to its own. */
export function plannedIterations(stages: readonly LoadStage[]): number {
  let from = 0;
  let planned = 0;
  for (const stage of stages) {
    planned += ((from + stage.target) / 2) * (parseDuration(stage.duration) / 1_000);
    from = stage.target;
  }
  return planned;
}

/** Share of the planned iterations a run may drop (no VU free when due) and still pass, as errors < 1 %. */
const DROPPED_SHARE = 0.01;

/**
 * A definition's thresholds as both runtimes judge them: plus `dropped_iterations` at most 1 % of the planned
 * iterations (unless the definition sets its own), since a run that could not start its iterations on time did
 * not apply the load it reports.
 */
export function runThresholds(thresholds: Thresholds, stages: readonly LoadStage[]): Thresholds {
  if (thresholds['dropped_iterations']) return thresholds;
  const allowed = Math.floor(plannedIterations(stages) * DROPPED_SHARE);
  return { ...thresholds, dropped_iterations: [`count<=${allowed}`] };
}
