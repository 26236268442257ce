/** What the manifests need to know about each deployable: how it runs, what it serves and what it talks to. */
export type DeployableName = 'trading-api' | 'public-read' | 'chain-executor' | 'webhook-dispatcher';

/** Backing services a deployable reaches (its NetworkPolicy egress): `chain` is the chain RPC, for those that call it. */
export type Backend = 'mysql' | 'rabbitmq' | 'redis' | 'chain';

/**
 * Keys of the `foretell-secrets` Secret (created outside the chart: External Secrets, Sealed Secrets or kubectl).
 * The executor's signer keys are entries of it too, one per key, counted per environment (signer-pool.ts).
 * `DATABASE_URL` is the application user's (data only: SELECT, INSERT, UPDATE, DELETE), read by every deployable
 * and the admin CLI Jobs; `MIGRATIONS_DATABASE_URL` is the migrations user's (DDL), read only by the migrations Job
 * (docs/runbooks/database-users.md).
 */
export type SecretKey =
  | 'DATABASE_URL'
  | 'MIGRATIONS_DATABASE_URL'
  | 'AMQP_URL'
  | 'REDIS_URL'
  | 'API_KEY_PEPPER'
  | 'WEBHOOK_SECRET_KEY'
  | 'PLATFORM_ADMIN_PRIVATE_KEY';

/** Keys in `foretell-secrets` only while a rotation is under way (docs/decisions/0030): optional references. */
export type RotationSecretKey = 'API_KEY_PEPPER_PREVIOUS' | 'WEBHOOK_SECRET_KEY_PREVIOUS';

export interface DeployableSpec {
  name: DeployableName;
  /** `http` apps sit behind the gateway, autoscale on CPU and watch the route switches; workers scale on queues. */
  kind: 'http' | 'worker';
  /** The port the app listens on (PORT) and serves /health, /ready and /metrics on. */
  port: number;
  backends: readonly Backend[];
  secrets: readonly SecretKey[];
  /** The previous values its config reads during a rotation (verifying keys, opening webhook secrets). */
  rotationSecrets: readonly RotationSecretKey[];
  /** RabbitMQ queues whose length drives a worker's KEDA ScaledObject (before AMQP_PREFIX). */
  queues: readonly string[];
  /** Sends to the internet on 443 (webhook receivers). */
  internetEgress: boolean;
  /** Signs chain transactions with the environment's pool of operator keys (EXECUTOR_PRIVATE_KEYS, signer-pool.ts). */
  signerPool: boolean;
  /** Flags for node before the entry point (NODE_FLAGS in tooling/build/build-deployables.ts; a spec keeps them equal). */
  nodeFlags: readonly string[];
}

export const DEPLOYABLES: readonly DeployableSpec[] = [
  {
    name: 'trading-api',
    kind: 'http',
    port: 3000,
    backends: ['mysql', 'redis', 'rabbitmq', 'chain'],
    secrets: ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'API_KEY_PEPPER', 'WEBHOOK_SECRET_KEY'],
    // It only seals webhook secrets (new ones), so it needs no previous webhook-secret key.
    rotationSecrets: ['API_KEY_PEPPER_PREVIOUS'],
    queues: [],
    internetEgress: false,
    signerPool: false,
    nodeFlags: ['--max-semi-space-size=8'],
  },
  {
    name: 'public-read',
    kind: 'http',
    port: 3001,
    // RabbitMQ: the indexer's market notices for live market streams (decision 0022).
    backends: ['mysql', 'redis', 'rabbitmq', 'chain'],
    secrets: ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'API_KEY_PEPPER'],
    rotationSecrets: ['API_KEY_PEPPER_PREVIOUS'],
    queues: [],
    internetEgress: false,
    signerPool: false,
    nodeFlags: [],
  },
  {
    name: 'chain-executor',
    kind: 'worker',
    port: 3002,
    backends: ['mysql', 'rabbitmq', 'chain'],
    secrets: ['DATABASE_URL', 'AMQP_URL'],
    rotationSecrets: [],
    queues: ['chain-executor.trades', 'chain-executor.redemptions'],
    internetEgress: false,
    signerPool: true,
    nodeFlags: [],
  },
  {
    name: 'webhook-dispatcher',
    kind: 'worker',
    port: 3003,
    backends: ['mysql', 'redis', 'rabbitmq'],
    secrets: ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'WEBHOOK_SECRET_KEY'],
    rotationSecrets: ['WEBHOOK_SECRET_KEY_PREVIOUS'],
    queues: ['webhook-dispatcher.events'],
    internetEgress: true,
    signerPool: false,
    nodeFlags: [],
  },
];

/** The compiled entry point inside the image (`npm run build` → build/apps/<name>/src/main.js). */
export function entryPoint(name: DeployableName | 'admin-cli'): string {
  return `build/apps/${name}/src/main.js`;
}
