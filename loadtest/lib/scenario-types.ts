/*
 * What a load scenario is, independent of what runs it. Every scenario under loadtest/scenarios/ is one pure module
 * of this shape; k6 (loadtest/k6/k6-driver.ts) and the Node twin (tooling/load/, `npm run load`) both run the
 * same module. Shared modules use only what both runtimes have (ES2023, no node: or k6/ imports, no timers: the
 * context sleeps) and import each other for types only: value imports between them would need `.ts` specifiers that
 * the Node typecheck refuses.
 */

/** Which service a request measures: only `api` requests count toward the latency and error figures. */
/** `setup`: the API requests a scenario's setup sends, kept out of the load's `api` figures and thresholds. */
export type RequestTarget = 'api' | 'setup' | 'receiver' | 'metrics';

export interface LoadRequest {
  /** The request's name in the figures, e.g. `GET /api/markets/{id}` (ids never go in names). */
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Statuses that count as success (default [200]); any other status or a network error counts as failed. */
  expect?: readonly number[];
  /** Default `api`. */
  target?: RequestTarget;
  /** Default 30 s. */
  timeoutMs?: number;
}

export interface LoadResponse {
  status: number;
  /** The response text ('' on a network error). */
  body: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  durationMs: number;
  /** Set on a network error or timeout (status 0). */
  error?: string;
}

export interface LoadHttp {
  request(request: LoadRequest): Promise<LoadResponse>;
  /** Several requests at once (k6: concurrently within the VU; Node: Promise.all). */
  batch(requests: readonly LoadRequest[]): Promise<LoadResponse[]>;
}

export type CustomMetricKind = 'trend' | 'counter' | 'rate' | 'gauge';

/** What a scenario step can use: the HTTP client, checks, custom metrics, a clock and a logger. */
export interface ScenarioContext {
  http: LoadHttp;
  /** Records each named check (rate metric `checks`); true when all passed. */
  check(response: LoadResponse, checks: Record<string, (response: LoadResponse) => boolean>): boolean;
  /** Adds a sample to a custom metric the scenario declared in `metrics`. */
  add(metric: string, value: number): void;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** A line for the operator (k6: console.log; Node: the run's output and report). */
  log(line: string): void;
  /** A named table for the summary and the report (soak: process figures). */
  note(title: string, rows: ReadonlyArray<Record<string, string | number>>): void;
  /** 1-based number of the virtual user running this iteration, and its iteration count. */
  vu: number;
  iteration: number;
}

/** Everything configurable by environment, resolved once by loadtest/lib/load-config.ts. */
export interface LoadConfig {
  publicUrl: string;
  tradingUrl: string;
  /** Keys of the trading API; iterations spread over them (several keys fan webhooks out). */
  apiKeys: readonly string[];
  /** The webhook receiver the keys' webhook URLs point at (webhook-fanout). */
  receiverUrl: string;
  /** `name=url` of each deployable's Prometheus endpoint (soak). */
  metricsTargets: ReadonlyArray<{ name: string; url: string }>;
  /** Decimal USDC strings: a trade below the keys' high-value threshold, and one at or above it. */
  tradeAmount: string;
  confirmAmount: string;
  /** Share of trade-burst iterations that also send deliberate duplicates (0..1). */
  duplicateShare: number;
  /** Restricts trades and quotes to this market (else every active on-chain market is used). */
  marketId: string | null;
  /**
   * How many client addresses the virtual users appear to come from (0: none): each VU's requests carry
   * `X-Forwarded-For: <its address>` in 198.18.0.0/15 (benchmarking), as a gateway appends each real client's. Where
   * the API trusts the peer as its gateway (the local stack), per-IP limits count per client; behind a real gateway
   * the entry is one a caller sent and never counts.
   */
  clientAddresses: number;
  /**
   * Addresses the deployment's gateway appends to `X-Forwarded-For` (its GATEWAY_APPENDED_ADDRESSES, default 1):
   * the header carries the client address followed by the rest as loopback, so the server finds the client in place.
   */
  gatewayAppended: number;
}

export type LoadProfileName = 'ramp' | 'soak' | 'spike';

/** One k6 ramping-arrival-rate stage: ramp linearly to `target` iterations/s over `duration` (k6 syntax, `30s`). */
export interface LoadStage {
  duration: string;
  target: number;
}

/** Moments of a run's load, in ms from its start (loadtest/lib/load-config.ts `loadTimeline`). */
export interface LoadTimeline {
  /** The ramp up is over and the load has run a while at its rate (a minute, or a quarter of a shorter hold). */
  warmUpEndMs: number;
  /** The last stage (the ramp down) begins. */
  rampDownStartMs: number;
  /** The last stage ends. */
  endMs: number;
}

export interface LoadShape {
  profile: LoadProfileName;
  /** Peak iterations per second. */
  rate: number;
  /** How long the profile holds its peak (k6 duration syntax). */
  hold: string;
  /** Most iterations in flight at once (k6 maxVUs); an iteration due when all are busy is dropped and counted. */
  maxVUs: number;
}

/**
 * k6 threshold syntax, per metric: `p(95)<300`, `rate<0.01`, `count>0`, `value<64`, `avg<100`. A metric name may
 * carry a tag filter, e.g. `http_req_duration{target:api}`. k6 evaluates them itself; the Node twin evaluates the
 * same strings (tooling/load/threshold-evaluator.ts).
 */
export type Thresholds = Record<string, readonly string[]>;

export interface ScenarioDefinition<SetupData> {
  name: string;
  description: string;
  /** The scenario's own metrics (names in snake_case), created once per run. */
  metrics: Record<string, CustomMetricKind>;
  thresholds: Thresholds;
  load: LoadShape;
  /**
   * `within-iteration`: connections are not kept from one iteration to the next (k6 noVUConnectionReuse), so no idle
   * keep-alive socket of the load generator is open on the servers when the run ends. Default `always`.
   */
  connectionReuse?: 'always' | 'within-iteration';
  setup(context: ScenarioContext, config: LoadConfig): Promise<SetupData>;
  iteration(context: ScenarioContext, data: SetupData, config: LoadConfig): Promise<void>;
  /**
   * Runs once beside the load, from its start until it returns (k6: a one-iteration scenario of its own; the Node
   * twin: alongside the arrival-rate load, awaited before teardown). The soak samples process figures here.
   */
  monitor?(context: ScenarioContext, data: SetupData, config: LoadConfig, timeline: LoadTimeline): Promise<void>;
  teardown?(context: ScenarioContext, data: SetupData, config: LoadConfig): Promise<void>;
}
