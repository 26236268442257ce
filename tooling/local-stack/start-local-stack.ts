import { messageOf } from '#shared/errors/thrown-values.js';
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { DEVELOPMENT_PEPPER, DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { issueDemoApiKey } from './demo-api-key.js';
import { startWebhookReceiver } from '../testing/webhook-receiver.js';
import { backingServices, findUnreachableServices } from './service-probes.js';
import { prepareDatabase } from './prepare-database.js';
import { startLocalChain } from './local-chain.js';
import { setUpDemoChain } from './demo-chain-setup.js';
import { createKnex } from '#shared/db/create-knex.js';
import { listMarketsKeyset } from '#shared/db/markets/market-lists.repository.js';
import { processLabel } from '../testing/deployable-process.js';
import { createDeployableStack } from './deployable-stack.js';
import { executorSignerPool, npmStartConfigSchema } from './replicas.js';
import { startOtherAccountsJob, type OtherAccountsJob } from './other-accounts-job.js';
import { startupMessage } from './startup-message.js';

/**
 * `npm start`: checks the services, prepares the database with demo data, starts every deployable as its
 * own process (REPLICAS of each), prints the URLs, restores the other users' smart accounts in the background, and
 * stops everything on Ctrl-C or SIGTERM.
 */
const config = loadConfigOrExit(npmStartConfigSchema, 'npm start');
// Each chain-executor replica leases a key of the pool (decision 0031): one key per replica, so none waits.
const signerPool = executorSignerPool({
  configured: config.EXECUTOR_PRIVATE_KEYS,
  single: config.EXECUTOR_PRIVATE_KEY,
  admin: config.PLATFORM_ADMIN_PRIVATE_KEY,
  replicas: config.REPLICAS,
});
const say = (line: string) => process.stdout.write(`${line}\n`);

const unreachable = await findUnreachableServices(
  backingServices({ databaseUrl: config.DATABASE_URL, amqpUrl: config.AMQP_URL, redisUrl: config.REDIS_URL }),
);
if (unreachable.length > 0) {
  process.stderr.write(`Cannot start Foretell: a backing service is down.\n  ${unreachable.join('\n  ')}\n`);
  process.exit(69);
}

say('[local-stack] preparing database (create, migrate, demo data)…');
const prepared = await prepareDatabase(config.DATABASE_URL, { seed: true });
say(`[local-stack] migrations applied: ${prepared.applied.length}; demo data: ${JSON.stringify(prepared.seeded)}`);

say(
  config.CHAIN_RPC_URL
    ? `[local-stack] using the chain at ${config.CHAIN_RPC_URL}`
    : `[local-stack] starting anvil on 127.0.0.1:${config.CHAIN_PORT}…`,
);
const chain = await startLocalChain({
  rpcUrl: config.CHAIN_RPC_URL,
  port: config.CHAIN_PORT,
  anvilPath: config.ANVIL_PATH,
}).catch((error: unknown) => {
  process.stderr.write(`Cannot start Foretell: ${messageOf(error)}\n`);
  process.exit(69);
});
/** Ends a start-up step that failed after the chain started: says what failed, stops the chain, exits 1. */
const failStart =
  (what: string) =>
  async (error: unknown): Promise<never> => {
    process.stderr.write(`${what}: ${messageOf(error)}\n`);
    await chain.stop();
    process.exit(1);
  };
const demoDb = createKnex({ databaseUrl: prepared.applicationDatabaseUrl, poolMax: 2 });
const onChain = await setUpDemoChain(demoDb, {
  rpcUrl: chain.rpcUrl,
  adminPrivateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
  executorPrivateKeys: signerPool,
  fundingUsdc: config.DEMO_FUNDING_USDC,
})
  .catch(failStart('Cannot put the demo data on the chain'))
  .finally(() => demoDb.destroy());
say(
  `[local-stack] chain ${onChain.chainId} at ${chain.rpcUrl}: platform ${onChain.platformDeployed ? 'deployed' : 'reused'}, ` +
    `${onChain.marketsDeployed} markets deployed, ${onChain.accountsCreated} demo smart accounts created, ` +
    `${onChain.demoTrades} demo trades, executor signer pool of ${signerPool.length}`,
);
// Set-up above mined each transaction at once; from here on, transactions wait for a block as on a real chain.
if (config.BLOCK_TIME > 0) {
  await chain.mineEvery(config.BLOCK_TIME).catch(failStart('Cannot set the block time'));
  say(`[local-stack] anvil mines a block every ${config.BLOCK_TIME} s from now on (BLOCK_TIME)`);
}
if (signerPool.length < config.REPLICAS) {
  say(
    `[local-stack] EXECUTOR_PRIVATE_KEYS holds ${signerPool.length} keys for ${config.REPLICAS} chain-executor ` +
      'replicas: the replicas without a key wait for one (decision 0031)',
  );
}

// The demo key's webhooks arrive at a local inbox that verifies them with the key's secret and logs each one.
const demoWebhookSecret = generateWebhookSecret();
// GET on it lists the latest 100 deliveries, newest first.
const inbox = await startWebhookReceiver({
  port: config.WEBHOOK_INBOX_PORT,
  secrets: [demoWebhookSecret],
  keep: 100,
  onDelivery: ({ event, verified, refusal, headers }) =>
    void say(
      `${processLabel('webhook-inbox')} ${event.type ?? 'unparsable'} ${event.id ?? headers['x-service-event-id'] ?? ''} ` +
        `trade ${String(event.data?.tradeId ?? '?')} ${String(event.data?.status ?? '')} ` +
        `(signature ${verified ? 'verified' : `REFUSED: ${refusal}`})`,
    ),
}).catch(failStart(`Cannot start the demo webhook inbox on port ${config.WEBHOOK_INBOX_PORT}`));
const keyDb = createKnex({ databaseUrl: prepared.applicationDatabaseUrl, poolMax: 2 });
const demoKey = await Promise.all([
  // The local stack's one pepper: the demo key is hashed with it and every deployable is given it (sharedEnv).
  issueDemoApiKey(keyDb, DEVELOPMENT_PEPPER, {
    // The deployables seal and open webhook secrets with the development key (their WEBHOOK_SECRET_KEY default).
    webhook: {
      url: inbox.url('/webhooks'),
      secretEnc: createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY).seal(demoWebhookSecret),
    },
  }),
  listMarketsKeyset(keyDb, { statuses: ['OPEN'], limit: 1 }).then(([newest]) => newest),
])
  .catch(failStart('Cannot issue the demo API key'))
  .finally(() => keyDb.destroy());

const sharedEnv = {
  LOG_LEVEL: config.LOG_LEVEL,
  // The deployables run as the DML-only application user, as in a cluster (docs/runbooks/database-users.md).
  DATABASE_URL: prepared.applicationDatabaseUrl,
  TRUST_PROXY: config.TRUST_PROXY,
  AMQP_URL: config.AMQP_URL,
  AMQP_PREFIX: config.AMQP_PREFIX,
  REDIS_URL: config.REDIS_URL,
  REDIS_PREFIX: config.REDIS_PREFIX,
  DOCS_BASE_URL: `http://localhost:${config.TRADING_API_PORT}/v1/docs`,
  // The anvil we start also speaks WebSocket on its port: the deployables use it (DESIGN.md §5), which costs them far
  // less per request than HTTP. A chain given by CHAIN_RPC_URL is used as given.
  CHAIN_RPC_URL: config.CHAIN_RPC_URL ?? chain.rpcUrl.replace(/^http/, 'ws'),
  CHAIN_ID: String(onChain.chainId),
  EXECUTOR_PRIVATE_KEY: config.EXECUTOR_PRIVATE_KEY,
  EXECUTOR_PRIVATE_KEYS: signerPool.join(','),
  API_KEY_PEPPER: DEVELOPMENT_PEPPER,
  PLATFORM_ADMIN_PRIVATE_KEY: config.PLATFORM_ADMIN_PRIVATE_KEY,
};
const replicas = config.REPLICAS;
const stack = await createDeployableStack({
  replicas: {
    'trading-api': replicas,
    'public-read': replicas,
    'chain-executor': replicas,
    'webhook-dispatcher': replicas,
  },
  env: () => sharedEnv,
  ports: {
    'trading-api': config.TRADING_API_PORT,
    'public-read': config.PUBLIC_READ_PORT,
    'chain-executor': config.CHAIN_EXECUTOR_PORT,
    'webhook-dispatcher': config.WEBHOOK_DISPATCHER_PORT,
  },
  output: {
    write: (text: string) => void process.stdout.write(text),
    accessLinesPerSecond: config.LOCAL_ACCESS_LOG_LINES_PER_SECOND,
  },
});
let otherAccounts: OtherAccountsJob | undefined;

let stopping = false;
async function shutdown(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('[local-stack] stopping every deployable…');
    await otherAccounts?.stop();
    await stack.stop(15_000);
    await inbox.close();
    await chain.stop();
    say('[local-stack] stopped');
  }
  process.exit(exitCode);
}
// Ctrl-C reaches every process of the terminal's group (npm, tsx and us): a repeated signal must not cut the
// orderly stop short, so every signal is handled and the stop itself runs once.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // A process that exits during start-up fails it at once.
  await stack.start(config.STARTUP_TIMEOUT_MS);
} catch (error) {
  say(`[local-stack] start-up failed: ${messageOf(error)}`);
  await shutdown(1);
}
for (const deployable of stack.all) {
  void deployable.process?.exited.then((code) => {
    if (!stopping) {
      say(`[local-stack] ${deployable.name} exited unexpectedly (code ${code}); stopping the stack`);
      void shutdown(1);
    }
  });
}

const [issuedKey, newestMarket] = demoKey;
say(
  startupMessage({
    replicas: config.REPLICAS,
    ports: {
      tradingApi: config.TRADING_API_PORT,
      publicRead: config.PUBLIC_READ_PORT,
      chainExecutor: config.CHAIN_EXECUTOR_PORT,
      webhookDispatcher: config.WEBHOOK_DISPATCHER_PORT,
    },
    chain: { rpcUrl: chain.rpcUrl, chainId: onChain.chainId, platform: onChain.platform, blockTime: config.BLOCK_TIME },
    signers: signerPool.length,
    demoKey: issuedKey,
    marketId: newestMarket?.id,
    inbox: { url: inbox.url('/webhooks'), secret: demoWebhookSecret },
  }),
);

// Users other than the demo users (load tests, benches) get their accounts back after start-up, never before it.
if (onChain.otherUsers > 0) {
  say(`[local-stack] restoring the smart accounts of ${onChain.otherUsers} other users in the background…`);
  otherAccounts = startOtherAccountsJob({
    databaseUrl: prepared.applicationDatabaseUrl,
    rpcUrl: chain.rpcUrl,
    adminPrivateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
    platform: onChain.platform,
    fundingUsdc: config.DEMO_FUNDING_USDC,
    log: (line) => say(`[local-stack] ${line}`),
  });
}
