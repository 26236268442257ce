import { loadConfigOrExit, localStackConfigSchema } from '../config/index.js';
import { backingServices, findUnreachableServices } from './service-probes.js';
import { prepareDatabase } from './prepare-database.js';
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

const sharedEnv = {
  LOG_LEVEL: config.LOG_LEVEL,
  DATABASE_URL: config.DATABASE_URL,
  AMQP_URL: config.AMQP_URL,
  AMQP_PREFIX: config.AMQP_PREFIX,
  REDIS_URL: config.REDIS_URL,
  REDIS_PREFIX: config.REDIS_PREFIX,
  DOCS_BASE_URL: `http://localhost:${config.TRADING_API_PORT}/v1/docs`,
};
const specs = [
  { name: 'trading-api', entry: 'apps/trading-api/src/main.ts', port: config.TRADING_API_PORT },
  { name: 'public-read', entry: 'apps/public-read/src/main.ts', port: config.PUBLIC_READ_PORT },
  { name: 'chain-executor', entry: 'apps/chain-executor/src/main.ts', port: config.CHAIN_EXECUTOR_PORT },
  { name: 'webhook-dispatcher', entry: 'apps/webhook-dispatcher/src/main.ts', port: config.WEBHOOK_DISPATCHER_PORT },
];
const processes: DeployableProcess[] = specs.map((spec) => spawnDeployable({ ...spec, env: sharedEnv }, say));

let stopping = false;
async function shutdown(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('[local-stack] stopping every deployable…');
    await stopDeployables(processes, 15_000);
    say('[local-stack] stopped');
  }
  process.exit(exitCode);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
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
  say(`[local-stack] start-up failed: ${(error as Error).message}`);
  await shutdown(1);
}

say(
  [
    '',
    'Foretell is up.',
    `  Trading API       http://localhost:${config.TRADING_API_PORT}/v1   (health /v1/health, ready /v1/ready)`,
    `  Public read API   http://localhost:${config.PUBLIC_READ_PORT}/api  (health /health)`,
    `  Chain executor    http://localhost:${config.CHAIN_EXECUTOR_PORT}/health   metrics /metrics`,
    `  Webhook dispatch  http://localhost:${config.WEBHOOK_DISPATCHER_PORT}/health   metrics /metrics`,
    `  Admin CLI         npm run -s admin -- --help`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
