/*
 * Helpers every scenario shares: headers, JSON, picking, market discovery, trade bodies, idempotency keys and the
 * deployables' process figures. Scenarios receive this object from their runner (`defineX(scenarioKit)`) instead of
 * importing it, so shared modules stay free of value imports (see scenario-types.ts).
 */
import type { LoadConfig, LoadResponse, ScenarioContext, Thresholds } from './scenario-types.ts';

export interface ActiveMarket {
  id: string;
  outcomes: number;
}

/** What the scenarios that trade or quote set up: the active markets. */
export interface MarketsData {
  markets: ActiveMarket[];
}

export interface ProcessFigures {
  name: string;
  rssBytes: number | null;
  handles: number | null;
}

/** The response body as JSON, or undefined when it is not JSON. */
function jsonOf<T>(response: LoadResponse): T | undefined {
  try {
    return JSON.parse(response.body) as T;
  } catch {
    return undefined;
  }
}

function pick<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error('nothing to pick from');
  return items[Math.floor(Math.random() * items.length)]!;
}

/** The trading API key of this virtual user: keys are spread over VUs, so each key sees its own ordered stream. */
function apiKeyFor(config: LoadConfig, vu: number): string {
  if (config.apiKeys.length === 0) {
    throw new Error('no API key: set LOADTEST_API_KEY (or LOADTEST_API_KEYS=key1,key2) to an enterprise key');
  }
  return config.apiKeys[(vu - 1) % config.apiKeys.length]!;
}

/**
 * The client address an iteration appears to come from (LoadConfig.clientAddresses), in 198.18.0.0/15: a visitor per
 * iteration, as an audience is many people each browsing a little, whichever VU runs it (an arrival-rate run reuses
 * its few idle VUs for most iterations).
 */
function clientAddressOf(config: LoadConfig, visitor: { vu: number; iteration: number }): string | null {
  if (config.clientAddresses <= 0) return null;
  const index = ((visitor.vu - 1) * 1_009 + visitor.iteration) % config.clientAddresses;
  return `198.18.${Math.floor(index / 256)}.${index % 256}`;
}

/** `X-Forwarded-For` naming the iteration's client address, or nothing when clientAddresses is 0. */
function clientHeaders(config: LoadConfig, visitor: { vu: number; iteration: number }): Record<string, string> {
  const address = clientAddressOf(config, visitor);
  if (address === null) return {};
  const appendedByProxies = Array.from({ length: config.gatewayAppended - 1 }, () => '127.0.0.1');
  return { 'X-Forwarded-For': [address, ...appendedByProxies].join(', ') };
}

function v1Headers(config: LoadConfig, vu: number, extra: Record<string, string> = {}): Record<string, string> {
  const client = clientHeaders(config, { vu, iteration: 0 });
  return { 'X-API-Key': apiKeyFor(config, vu), Accept: 'application/json', ...client, ...extra };
}

/** An Idempotency-Key (1–128 of `[A-Za-z0-9_\-:.]`) unique across VUs, iterations and runs. */
function idempotencyKey(prefix: string, context: ScenarioContext): string {
  const random = Math.floor(Math.random() * 2 ** 32).toString(36);
  return `lt-${prefix}-${context.now().toString(36)}-${context.vu}-${context.iteration}-${random}`;
}

/**
 * Active markets deployed on chain (they can be quoted and traded), read with the first key; LOADTEST_MARKET_ID
 * narrows them to one. Throws with a reason when there is none, so setup stops the run early.
 */
async function activeMarkets(context: ScenarioContext, config: LoadConfig): Promise<ActiveMarket[]> {
  const response = await context.http.request({
    name: 'GET /v1/markets (setup)',
    method: 'GET',
    url: `${config.tradingUrl}/v1/markets?status=active&limit=100`,
    headers: v1Headers(config, 1),
    target: 'setup',
  });
  if (response.status !== 200) {
    throw new Error(`GET /v1/markets answered ${response.status} ${response.error ?? response.body.slice(0, 300)}`);
  }
  const body = jsonOf<{ data?: Array<{ id: string; contractAddress: string | null; outcomes: unknown[] }> }>(response);
  const markets = (body?.data ?? [])
    .filter((market) => market.contractAddress !== null)
    .filter((market) => config.marketId === null || market.id === config.marketId)
    .map((market) => ({ id: market.id, outcomes: market.outcomes.length }));
  if (markets.length === 0) {
    throw new Error(
      config.marketId === null
        ? 'no active on-chain market to trade or quote'
        : `LOADTEST_MARKET_ID ${config.marketId} is not an active on-chain market`,
    );
  }
  return markets;
}

/** The setup of a scenario that needs only the active markets. */
async function marketsSetup(context: ScenarioContext, config: LoadConfig): Promise<MarketsData> {
  return { markets: await activeMarkets(context, config) };
}

/** Every scenario's bounds on its API requests: some sent, p95 and p99 under the given ms, < 1 % failed, checks held. */
function apiThresholds(p95Ms: number, p99Ms: number): Thresholds {
  return {
    'http_reqs{target:api}': ['count>0'],
    'http_req_duration{target:api}': [`p(95)<${p95Ms}`, `p(99)<${p99Ms}`],
    'http_req_failed{target:api}': ['rate<0.01'],
    checks: ['rate>0.99'],
  };
}

function tradeBody(market: ActiveMarket, amount: string, metadata: Record<string, string> = {}): string {
  const outcomeIndex = Math.floor(Math.random() * market.outcomes);
  return JSON.stringify({
    marketId: market.id,
    outcomeIndex,
    amount,
    side: 'buy',
    metadata: { source: 'loadtest', ...metadata },
  });
}

interface TradeEnvelope {
  trade?: { id: string; status: string };
  confirmation?: { token: string; expiresAt: string };
  _meta?: { idempotent?: boolean };
}

/** The trade envelope of a POST /v1/trades or confirm answer. */
function tradeOf(response: LoadResponse): TradeEnvelope {
  return jsonOf<TradeEnvelope>(response) ?? {};
}

/** One Prometheus sample's value, summed over its label sets; null when the exposition has none. */
function prometheusValue(exposition: string, metric: string): number | null {
  let total: number | null = null;
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/);
    if (match && match[1] === metric) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

/** RSS and active handles of each deployable, read from its /metrics (prom-client default metrics). */
async function readProcessFigures(context: ScenarioContext, config: LoadConfig): Promise<ProcessFigures[]> {
  const responses = await context.http.batch(
    config.metricsTargets.map((target) => ({
      name: 'GET /metrics',
      method: 'GET' as const,
      url: target.url,
      target: 'metrics' as const,
    })),
  );
  return config.metricsTargets.map((target, index) => {
    const response = responses[index]!;
    const ok = response.status === 200;
    return {
      name: target.name,
      rssBytes: ok ? prometheusValue(response.body, 'process_resident_memory_bytes') : null,
      handles: ok ? prometheusValue(response.body, 'nodejs_active_handles_total') : null,
    };
  });
}

const MB = 1024 * 1024;
const round1 = (value: number): number => Math.round(value * 10) / 10;

export interface ProcessComparison {
  /** One row per deployable, for the run's notes. */
  rows: Array<Record<string, string | number>>;
  /** Deployables missing a figure in either sample: their growth is unknown. */
  unreadable: string[];
  /** The largest growth among the readable deployables (0 when none is readable). */
  rssGrowthMb: number;
  handlesGrowth: number;
}

/** Each deployable's RSS and handle growth from `start` to `end` (matched by name). */
function compareProcessFigures(start: readonly ProcessFigures[], end: readonly ProcessFigures[]): ProcessComparison {
  const unreadable: string[] = [];
  let rssGrowthMb = 0;
  let handlesGrowth = 0;
  const shown = (value: number | null | undefined, scale = 1) => (value == null ? 'n/a' : round1(value / scale));
  const rows = end.map((after) => {
    const before = start.find((figures) => figures.name === after.name);
    const rss = before?.rssBytes != null && after.rssBytes !== null ? (after.rssBytes - before.rssBytes) / MB : null;
    const handles = before?.handles != null && after.handles !== null ? after.handles - before.handles : null;
    if (rss === null || handles === null) unreadable.push(after.name);
    if (rss !== null) rssGrowthMb = Math.max(rssGrowthMb, round1(rss));
    if (handles !== null) handlesGrowth = Math.max(handlesGrowth, handles);
    return {
      deployable: after.name,
      'rss start MB': shown(before?.rssBytes, MB),
      'rss end MB': shown(after.rssBytes, MB),
      'rss growth MB': shown(rss),
      'handles start': shown(before?.handles),
      'handles end': shown(after.handles),
      'handles growth': shown(handles),
    };
  });
  return { rows, unreadable, rssGrowthMb, handlesGrowth };
}

/** A decimal USDC string as atomic-6 digits, by string shifting (no float, no BigInt): "0.5" → "500000". */
function atomicUsdc(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}${fraction.padEnd(6, '0').slice(0, 6)}`.replace(/^0+(?=\d)/, '');
}

const status =
  (...expected: number[]) =>
  (response: LoadResponse): boolean =>
    expected.includes(response.status);

export const scenarioKit = {
  jsonOf,
  pick,
  apiKeyFor,
  clientAddressOf,
  clientHeaders,
  v1Headers,
  idempotencyKey,
  activeMarkets,
  marketsSetup,
  apiThresholds,
  tradeBody,
  atomicUsdc,
  tradeOf,
  prometheusValue,
  readProcessFigures,
  compareProcessFigures,
  status,
};

export type ScenarioKit = typeof scenarioKit;
