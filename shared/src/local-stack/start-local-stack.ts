import { messageOf } from '../errors/index.js';
import { loadConfigOrExit, localStackConfigSchema } from '../config/index.js';
import { DEVELOPMENT_PEPPER } from '../config/config-fields.js';
import { createSecretBox, generateWebhookSecret } from '../auth/index.js';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '../config/config-fields.js';
import { issueDemoApiKey } from './demo-api-key.js';
import { startDemoWebhookInbox } from './demo-webhook-inbox.js';
import { backingServices, findUnreachableServices } from './service-probes.js';
import { prepareDatabase } from './prepare-database.js';
import { startLocalChain } from './local-chain.js';
import { setUpDemoChain } from './demo-chain-setup.js';
import { createKnex, listMarketsKeyset } from '../db/index.js';
import { spawnDeployable, stopDeployables, waitUntilReady, type DeployableProcess } from './deployable-processes.js';

/**
 * `npm start`: checks the services, prepares the database with demo data, starts every deployable as its
 * own process, prints the URLs, and stops everything on Ctrl-C or SIGTERM.
 */
const config = loadConfigOrExit(localStackConfigSchema, 'npm start');
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

say(chainStartMessage());
const chain = await startLocalChain({
  rpcUrl: config.CHAIN_RPC_URL,
  port: config.CHAIN_PORT,
  anvilPath: config.ANVIL_PATH,
}).catch((error: unknown) => {
  process.stderr.write(`Cannot start Foretell: ${messageOf(error)}\n`);
  process.exit(69);
});
const demoDb = createKnex({ databaseUrl: config.DATABASE_URL, poolMax: 2 });
const onChain = await setUpDemoChain(demoDb, {
  rpcUrl: chain.rpcUrl,
  adminPrivateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
  executorPrivateKeys: config.EXECUTOR_PRIVATE_KEYS ?? [config.EXECUTOR_PRIVATE_KEY],
  fundingUsdc: config.DEMO_FUNDING_USDC,
})
  .catch(async (error: unknown) => {
    process.stderr.write(`Cannot put the demo data on the chain: ${messageOf(error)}\n`);
    await chain.stop();
    process.exit(1);
  })
  .finally(() => demoDb.destroy());
say(
  `[local-stack] chain ${onChain.chainId} at ${chain.rpcUrl}: platform ${onChain.platformDeployed ? 'deployed' : 'reused'}, ` +
    `${onChain.marketsDeployed} markets deployed, ${onChain.accountsCreated} smart accounts created, ${onChain.demoTrades} demo trades`,
);

// The local stack's one pepper: the demo key is hashed with it and every deployable is given it (sharedEnv).
const apiKeyPepper = DEVELOPMENT_PEPPER;
// The demo key's webhooks arrive at a local inbox that verifies them with the key's secret and logs each one.
const demoWebhookSecret = generateWebhookSecret();
const inbox = await startDemoWebhookInbox({
  port: config.WEBHOOK_INBOX_PORT,
  secret: demoWebhookSecret,
  log: (line) => say(`${'[webhook-inbox]'.padEnd(21)} ${line}`),
}).catch(async (error: unknown) => {
  process.stderr.write(
    `Cannot start the demo webhook inbox on port ${config.WEBHOOK_INBOX_PORT}: ${messageOf(error)}\n`,
  );
  await chain.stop();
  process.exit(1);
});
const keyDb = createKnex({ databaseUrl: config.DATABASE_URL, poolMax: 2 });
const demoKey = await Promise.all([
  issueDemoApiKey(keyDb, apiKeyPepper, {
    // The deployables seal and open webhook secrets with the development key (their WEBHOOK_SECRET_KEY default).
    webhook: { url: inbox.url, secretEnc: createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY).seal(demoWebhookSecret) },
  }),
  listMarketsKeyset(keyDb, { statuses: ['OPEN'], limit: 1 }).then(([newest]) => newest),
])
  .catch(async (error: unknown) => {
    process.stderr.write(`Cannot issue the demo API key: ${messageOf(error)}\n`);
    await chain.stop();
    process.exit(1);
  })
  .finally(() => keyDb.destroy());

function demoKeyLines(): string[] {
  const [result, market] = demoKey;
  if (!result.issued) return [`  Demo API key      none issued: ${result.reason}`];
  const v1 = `http://localhost:${config.TRADING_API_PORT}/v1`;
  const marketId = market?.id ?? '<market id>';
  const trade = JSON.stringify({ marketId, outcomeIndex: 0, amount: '5', side: 'buy' });
  return [
    `  Demo API key      ${result.key}   (enterprise, alice@foretell.test; replaced on every npm start)`,
    `    curl -H 'X-API-Key: ${result.key}' ${v1}/markets/${marketId}`,
    `  Place a trade (executes on the local chain; the same Idempotency-Key returns the same trade):`,
    `    curl -X POST -H 'X-API-Key: ${result.key}' -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-trade-1' -d '${trade}' ${v1}/trades`,
    `  Follow it (status pending → validating → executing → completed, txHash and tokensOut when done):`,
    `    curl -H 'X-API-Key: ${result.key}' '${v1}/trades?limit=5'`,
    `  Its webhooks (signed with ${demoWebhookSecret}) arrive at the local inbox, logged as [webhook-inbox]:`,
    `    curl ${inbox.url}   and the delivery states: curl -H 'X-API-Key: ${result.key}' ${v1}/webhooks/events`,
  ];
}

function chainStartMessage(): string {
  return config.CHAIN_RPC_URL
    ? `[local-stack] using the chain at ${config.CHAIN_RPC_URL}`
    : `[local-stack] starting anvil on 127.0.0.1:${config.CHAIN_PORT}…`;
}

const sharedEnv = {
  LOG_LEVEL: config.LOG_LEVEL,
  DATABASE_URL: config.DATABASE_URL,
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
  API_KEY_PEPPER: apiKeyPepper,
  PLATFORM_ADMIN_PRIVATE_KEY: config.PLATFORM_ADMIN_PRIVATE_KEY,
};
const specs = [
  { name: 'trading-api', entry: 'apps/trading-api/src/main.ts', port: config.TRADING_API_PORT },
  { name: 'public-read', entry: 'apps/public-read/src/main.ts', port: config.PUBLIC_READ_PORT },
  { name: 'chain-executor', entry: 'apps/chain-executor/src/main.ts', port: config.CHAIN_EXECUTOR_PORT },
  { name: 'webhook-dispatcher', entry: 'apps/webhook-dispatcher/src/main.ts', port: config.WEBHOOK_DISPATCHER_PORT },
];
const logRelay = {
  write: (text: string) => process.stdout.write(text),
  accessLinesPerSecond: config.LOCAL_ACCESS_LOG_LINES_PER_SECOND,
};
const processes: DeployableProcess[] = specs.map((spec) => spawnDeployable({ ...spec, env: sharedEnv }, logRelay));

let stopping = false;
async function shutdown(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('[local-stack] stopping every deployable…');
    await stopDeployables(processes, 15_000);
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
for (const deployable of processes) {
  void deployable.exited.then((code) => {
    if (!stopping) {
      say(`[local-stack] ${deployable.spec.name} exited unexpectedly (code ${code}); stopping the stack`);
      void shutdown(1);
    }
  });
}

try {
  const deadline = Date.now() + config.STARTUP_TIMEOUT_MS;
  await Promise.all(processes.map((deployable) => waitUntilReady(deployable, deadline)));
} catch (error) {
  say(`[local-stack] start-up failed: ${messageOf(error)}`);
  await shutdown(1);
}

say(
  [
    '',
    'Foretell is up.',
    `  Trading API       http://localhost:${config.TRADING_API_PORT}/v1   (health /v1/health, ready /v1/ready)`,
    `  Public read API   http://localhost:${config.PUBLIC_READ_PORT}/api  (health /health)`,
    `  Embed widget      http://localhost:${config.PUBLIC_READ_PORT}/embed/demo   (the newest open market, live)`,
    `  Chain executor    http://localhost:${config.CHAIN_EXECUTOR_PORT}/health   metrics /metrics`,
    `  Webhook dispatch  http://localhost:${config.WEBHOOK_DISPATCHER_PORT}/health   metrics /metrics`,
    `  Chain (anvil)     ${chain.rpcUrl}   chain id ${onChain.chainId}`,
    `    TestUSDC ${onChain.platform.usdc}  MarketFactory ${onChain.platform.marketFactory}`,
    `    SmartAccountFactory ${onChain.platform.accountFactory}`,
    `  Admin CLI         CHAIN_RPC_URL=${chain.rpcUrl} npm run -s admin -- --help`,
    ...demoKeyLines(),
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
