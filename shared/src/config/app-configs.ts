import { z } from 'zod';
import {
  ANVIL_ADMIN_KEY,
  ANVIL_EXECUTOR_KEY,
  booleanFlag,
  csvList,
  DEVELOPMENT_PEPPER,
  DEVELOPMENT_WEBHOOK_SECRET_KEY,
  logLevel,
  port,
  positiveInt,
  previousSecret,
  privateKey,
  optionalPrivateKey,
  privateKeyList,
  refuseDevelopmentSecrets,
  refuseUnchangedPreviousSecrets,
  serviceEnv,
  url,
} from './config-fields.js';
import { kubernetesRouteSwitchFields, routeSwitchFields } from './route-switch-fields.js';

/** Settings every deployable shares: identity, logging and the backing services. */
const common = {
  SERVICE_ENV: serviceEnv,
  LOG_LEVEL: logLevel,
  DATABASE_URL: url('mysql://root@127.0.0.1:3306/foretell'),
  DB_POOL_MAX: positiveInt(10),
  AMQP_URL: url('amqp://guest:guest@127.0.0.1:5672'),
  AMQP_PREFIX: z
    .string()
    .regex(/^[a-z0-9._-]*$/, 'lower-case letters, digits, . _ - only')
    .default(''),
  AMQP_PREFETCH: positiveInt(32),
  REDIS_URL: url('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('foretell:'),
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /**
   * After SIGTERM, how long the app keeps serving while answering its readiness probe 503, so the load balancer
   * stops sending it requests before it closes its listener (0: close at once, as locally).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
};

/** The chain: platform contract addresses come from MySQL (`chain_deployments`) for the RPC's chain id. */
const chain = {
  CHAIN_RPC_URL: url('http://127.0.0.1:8545'),
  /** Lets an app start while the RPC is down; otherwise learnt from the RPC. */
  CHAIN_ID: z.coerce.number().int().positive().optional(),
};

/** HTTP apps add route kill switches (env list, watched file, or a ConfigMap in-cluster). */
const http = {
  HOST: z.string().default('0.0.0.0'),
  ROUTE_DISABLED: csvList,
  ROUTE_SWITCHES_FILE: z.string().optional(),
  ...routeSwitchFields,
  /** The gateway's sources (addresses, CIDRs, express's names): only their X-Forwarded-For is read (trust-proxy.ts). */
  TRUST_PROXY: z.string().default('false'),
  /**
   * How many addresses the gateway appends to X-Forwarded-For; the client is the first of them, every earlier entry
   * is the caller's (client-address.ts). Google's load balancers append 2: the client, then the load balancer.
   */
  GATEWAY_APPENDED_ADDRESSES: z.coerce.number().int().min(1).max(16).default(1),
};

/**
 * Self-service redemption (POST /v1/redemptions). Off: the route answers 404 REDEMPTIONS_NOT_ENABLED and the chain
 * executor pays resolved positions automatically.
 */
const redemptionsEnabled = booleanFlag(true);

/** Per-replica micro-cache of hot reads that may be up to this stale (ms); 0 turns it off. */
const readCacheMs = z.coerce.number().int().min(0).max(60_000).default(1_000);

/** Seals webhook signing secrets at rest (AES-256-GCM, shared/src/auth/secret-box.ts): CLI, trading API, dispatcher. */
const webhookSecretKey = z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_WEBHOOK_SECRET_KEY);

const apiKeyPepper = z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_PEPPER);

export const publicReadConfigSchema = z
  .object({
    ...common,
    ...http,
    ...chain,
    PORT: port(3001),
    /** Per-IP fixed windows (rate-limit-redis, apps/public-read/src/rate-limit/fail-open-window.store.ts): the threads list, and every other /api endpoint (each its own window). */
    RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
    RATE_LIMIT_THREADS_LIST: positiveInt(50),
    RATE_LIMIT_DEFAULT: positiveInt(100),
    /** Server-side cache of on-chain quotes per (market, outcomeIndex, action, amount). */
    QUOTE_CACHE_SECONDS: positiveInt(10),
    /** Per-replica micro-cache of list and detail responses. */
    READ_CACHE_MS: readCacheMs,
    /** Social links: the post-intent URL and the bot that places predictions from replies. */
    SOCIAL_INTENT_URL: url('https://social.example/intent/post'),
    SOCIAL_BOT_HANDLE: z
      .string()
      .regex(/^@?[A-Za-z0-9_]{1,30}$/, 'a handle of letters, digits and _ (an optional leading @)')
      .default('ForetellBot')
      .transform((handle) => handle.replace(/^@/, '')),
    /** Base URL of a market's page (the id is appended): what a new social post carries when a market has no source post. */
    MARKET_PAGE_URL: url('https://foretell.example/markets/').transform((base) =>
      base.endsWith('/') ? base : `${base}/`,
    ),
    /** Verifies the optional X-API-Key (the same HMAC pepper as the trading API). */
    API_KEY_PEPPER: apiKeyPepper,
    /** During a pepper rotation: keys still hashed under it verify, and move to API_KEY_PEPPER (decision 0030). */
    API_KEY_PEPPER_PREVIOUS: previousSecret,
    /** GET /api/markets/{id}/stream (decision 0022): open market streams per client address (429 beyond). */
    MARKET_STREAM_MAX_PER_IP: positiveInt(10),
  })
  .superRefine(refuseDevelopmentSecrets)
  .superRefine(refuseUnchangedPreviousSecrets);
export type PublicReadConfig = z.infer<typeof publicReadConfigSchema>;

export const tradingApiConfigSchema = z
  .object({
    ...common,
    ...http,
    ...chain,
    PORT: port(3000),
    API_KEY_PEPPER: apiKeyPepper,
    /** During a pepper rotation: keys still hashed under it verify, and move to API_KEY_PEPPER (decision 0030). */
    API_KEY_PEPPER_PREVIOUS: previousSecret,
    /** Per-replica micro-cache of market reads (they answer the same to every key). */
    READ_CACHE_MS: readCacheMs,
    DOCS_BASE_URL: url('http://localhost:3000/v1/docs'),
    REDEMPTIONS_ENABLED: redemptionsEnabled,
    WEBHOOK_SECRET_KEY: webhookSecretKey,
    /** GET /v1/events/stream (decision 0022): open streams per user across replicas (429 beyond). */
    STREAM_MAX_PER_USER: positiveInt(20),
    STREAM_HEARTBEAT_MS: positiveInt(15_000),
    /** Unread bytes a stream's client may leave before the stream pauses; cut off after STREAM_STALL_TIMEOUT_MS. */
    STREAM_MAX_BUFFER_BYTES: positiveInt(256 * 1024),
    STREAM_STALL_TIMEOUT_MS: positiveInt(10_000),
  })
  .superRefine(refuseDevelopmentSecrets)
  .superRefine(refuseUnchangedPreviousSecrets);

export const chainExecutorConfigSchema = z
  .object({
    ...common,
    ...chain,
    PORT: port(3002),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Each leader lock holds a connection for as long as this replica leads (indexer, expiry, trade reconcile,
     * stalled and automatic redemptions: up to 5), so the pool is sized above the common 10 to leave room for the
     * trade and redemption jobs.
     */
    DB_POOL_MAX: positiveInt(20),
    /** At least a second: writers mark their published rows up to LINGER_MS (published-marks.ts) after sending. */
    OUTBOX_REPUBLISH_AFTER_MS: z.coerce.number().int().min(1_000).default(5_000),
    OUTBOX_POLL_MS: positiveInt(1_000),
    /** A pool of one signer key, when EXECUTOR_PRIVATE_KEYS is unset (local use); neither set: anvil's key. */
    EXECUTOR_PRIVATE_KEY: optionalPrivateKey,
    /**
     * The signer pool (comma-separated keys; one Kubernetes Secret entry each): every key registered in the
     * OperatorRegistry, each leased to one replica at a time (decision 0031). Parsed, it is the pool in use:
     * EXECUTOR_PRIVATE_KEY alone, or anvil's development key, when unset.
     */
    EXECUTOR_PRIVATE_KEYS: privateKeyList,
    /** Seconds a trade may wait, from when it became pending, before its on-chain call is refused (EXECUTION_TIMEOUT). */
    EXECUTION_DEADLINE_S: z.coerce.number().int().min(10).max(86_400).default(120),
    /**
     * Most trade jobs one replica holds at once (the trade queue's prefetch). A trade holds its job until its
     * receipt, so under real block times this bounds the trades in flight: sized above rate × confirmation time
     * (e.g. 100/s × 12 s blocks), not by one block (decision 0031).
     */
    TRADES_IN_FLIGHT_MAX: z.coerce.number().int().min(1).max(10_000).default(4_096),
    /** Blocks a sent transaction may wait unmined before it is replaced with higher fees (same nonce). */
    TX_REPLACE_AFTER_BLOCKS: positiveInt(3),
    /** The most any send (first or replacement) offers per gas, in wei: above it a transaction waits for cheaper blocks. */
    TX_MAX_FEE_PER_GAS_WEI: z.coerce.bigint().positive().default(500_000_000_000n),
    TRADE_SLIPPAGE_BPS: z.coerce.number().int().min(0).max(5_000).default(100),
    /**
     * Most trades sent in one transaction (EIP-7702 batches, decision 0016); 1 sends each trade on its own, for a
     * chain without EIP-7702 or the CREATE2 deployer.
     */
    TRADE_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(128),
    /**
     * Least time between the starts of two batch sends of one replica (trades arriving meanwhile join the next), in
     * ms; `auto` (the default) spaces them by the number of leased signers times the replica's mean send time, so
     * several replicas send about as often as one (trade-batcher.ts).
     */
    TRADE_BATCH_INTERVAL_MS: z.union([z.literal('auto'), z.coerce.number().int().min(0).max(10_000)]).default('auto'),
    INDEXER_POLL_MS: positiveInt(200),
    INDEXER_MAX_BLOCK_RANGE: positiveInt(2_000),
    REDEMPTIONS_ENABLED: redemptionsEnabled,
    /** Operations brake: pending trades are rejected by policy (trade.rejected) instead of executed. */
    TRADE_PROCESSING_HALTED: booleanFlag(false),
    /** How often the leader fails unconfirmed high-value trades whose window ended. */
    CONFIRMATION_EXPIRY_POLL_MS: positiveInt(1_000),
    /** A trade left in validating/executing this long is reconciled against the chain (a worker died mid-way). */
    STALLED_TRADE_AFTER_MS: positiveInt(60_000),
    RECONCILE_POLL_MS: positiveInt(5_000),
    /** Most trades one round of the expiry or reconcile loop takes. */
    TRADE_SWEEP_BATCH_SIZE: positiveInt(100),
  })
  // One pool, whichever variable set it: a live deployment that sets the pool carries no development default.
  .transform(({ EXECUTOR_PRIVATE_KEY, EXECUTOR_PRIVATE_KEYS, ...settings }) => ({
    ...settings,
    EXECUTOR_PRIVATE_KEYS: EXECUTOR_PRIVATE_KEYS ?? [EXECUTOR_PRIVATE_KEY ?? ANVIL_EXECUTOR_KEY],
  }))
  .superRefine(refuseDevelopmentSecrets);
export type ChainExecutorConfig = z.infer<typeof chainExecutorConfigSchema>;

export const webhookDispatcherConfigSchema = z
  .object({
    ...common,
    PORT: port(3003),
    HOST: z.string().default('0.0.0.0'),
    /** Opens the keys' sealed webhook secrets to sign deliveries. */
    WEBHOOK_SECRET_KEY: webhookSecretKey,
    /** During a webhook-secret key rotation: secrets still sealed under it open too (decision 0030). */
    WEBHOOK_SECRET_KEY_PREVIOUS: previousSecret,
    /**
     * Receivers on loopback or private addresses (a developer's machine). Unset: allowed in test, refused in live;
     * a live deployment may not turn it on (SSRF).
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /** Keys delivered to at once by one replica (each key is one ordered stream). */
    WEBHOOK_CONCURRENCY: positiveInt(64),
    WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
    /** A key's delivery lease: renewed while the replica delivers; taken over after it expires (replica died). */
    WEBHOOK_LEASE_MS: positiveInt(30_000),
    /** How often the leader looks for keys whose next event is due (retries, paused breakers, lost wake-ups). */
    WEBHOOK_SWEEP_POLL_MS: positiveInt(1_000),
    WEBHOOK_SWEEP_BATCH_SIZE: positiveInt(500),
  })
  .superRefine(refuseDevelopmentSecrets)
  .superRefine(refuseUnchangedPreviousSecrets)
  .transform(({ WEBHOOK_ALLOW_PRIVATE_TARGETS: flag, ...config }) => ({
    ...config,
    WEBHOOK_ALLOW_PRIVATE_TARGETS:
      flag === undefined ? config.SERVICE_ENV !== 'live' : ['true', '1', 'yes'].includes(flag),
  }))
  .superRefine((config, context) => {
    // The lease is renewed between POSTs only: it must outlast a whole attempt with room to spare.
    if (config.WEBHOOK_LEASE_MS <= 2 * config.WEBHOOK_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_LEASE_MS'],
        message: `must be more than twice WEBHOOK_TIMEOUT_MS (${config.WEBHOOK_TIMEOUT_MS} ms)`,
      });
    }
    if (config.SERVICE_ENV === 'live' && config.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_ALLOW_PRIVATE_TARGETS'],
        message: 'must be false in live mode (webhooks never reach private or loopback addresses)',
      });
    }
  });
export type WebhookDispatcherConfig = z.infer<typeof webhookDispatcherConfigSchema>;

export const adminCliConfigSchema = z
  .object({
    SERVICE_ENV: serviceEnv,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    DATABASE_URL: common.DATABASE_URL,
    API_KEY_PEPPER: apiKeyPepper,
    WEBHOOK_SECRET_KEY: webhookSecretKey,
    /** `secrets status|reseal` during a rotation (decision 0030). */
    API_KEY_PEPPER_PREVIOUS: previousSecret,
    WEBHOOK_SECRET_KEY_PREVIOUS: previousSecret,
    ...chain,
    /** Owns the factories and markets: deploys, freezes, resolves, cancels, mints test USDC. */
    PLATFORM_ADMIN_PRIVATE_KEY: privateKey(ANVIL_ADMIN_KEY),
    /** `routes disable|enable` patch this ConfigMap through the Kubernetes API (same client config as the apps). */
    ...kubernetesRouteSwitchFields,
    /**
     * Where `keys issue` hands the plaintext key over: printed once (a terminal), or into a Secret of POD_NAMESPACE
     * through the pod's own service account (set by the keys-issue Job, whose output reaches the log store).
     */
    KEY_HANDOVER: z.enum(['print', 'kubernetes-secret']).default('print'),
  })
  .superRefine(refuseDevelopmentSecrets)
  .superRefine(refuseUnchangedPreviousSecrets);
export type AdminCliConfig = z.infer<typeof adminCliConfigSchema>;

/** `npm start`: the local stack orchestrator (migrations, demo data, every deployable as a child process). */
export const localStackConfigSchema = z.object({
  LOG_LEVEL: logLevel,
  DATABASE_URL: common.DATABASE_URL,
  AMQP_URL: common.AMQP_URL,
  AMQP_PREFIX: common.AMQP_PREFIX,
  REDIS_URL: common.REDIS_URL,
  REDIS_PREFIX: common.REDIS_PREFIX,
  TRADING_API_PORT: port(3000),
  PUBLIC_READ_PORT: port(3001),
  CHAIN_EXECUTOR_PORT: port(3002),
  WEBHOOK_DISPATCHER_PORT: port(3003),
  /** The local webhook receiver the demo key's events are delivered to. */
  WEBHOOK_INBOX_PORT: port(3004),
  STARTUP_TIMEOUT_MS: positiveInt(60_000),
  /** Use this chain instead of starting anvil. */
  CHAIN_RPC_URL: z.url().optional(),
  CHAIN_PORT: port(8545),
  ANVIL_PATH: z.string().optional(),
  PLATFORM_ADMIN_PRIVATE_KEY: privateKey(ANVIL_ADMIN_KEY),
  EXECUTOR_PRIVATE_KEY: privateKey(ANVIL_EXECUTOR_KEY),
  /** The executor's signer pool (decision 0031); unset: EXECUTOR_PRIVATE_KEY alone. */
  EXECUTOR_PRIVATE_KEYS: privateKeyList,
  /** Test USDC minted to each demo user's smart account. */
  DEMO_FUNDING_USDC: positiveInt(10_000),
  /** Access-log lines each deployable prints per second in the terminal (the rest are counted); 0 prints all. */
  LOCAL_ACCESS_LOG_LINES_PER_SECOND: z.coerce.number().int().min(0).default(20),
  /**
   * The HTTP apps' gateway sources: this machine by default, so a client here (curl, `npm run load`) may name the
   * client it speaks for in X-Forwarded-For, as a cluster's gateway does (decision 0032); `false` judges every socket
   * alone.
   */
  TRUST_PROXY: z.string().default('loopback'),
});
