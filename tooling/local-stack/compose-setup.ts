/*
 * The one-shot `setup` service of docker-compose.yml (image command `setup`): creates and migrates the database with
 * the demo data, deploys the platform and demo markets on the compose chain and issues the demo API key, like
 * `npm start` does before it starts the deployables. Safe to run again: every step reuses what exists.
 */
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { localStackConfigSchema } from '#shared/config/app-configs.js';
import { createKnex } from '#shared/db/create-knex.js';
import { issueDemoApiKey } from './demo-api-key.js';
import { setUpDemoChain } from './demo-chain-setup.js';
import { startOtherAccountsJob } from './other-accounts-job.js';
import { prepareDatabase } from './prepare-database.js';

const config = loadConfigOrExit(localStackConfigSchema, 'foretell setup');
const say = (line: string) => process.stdout.write(`[setup] ${line}\n`);
if (!config.CHAIN_RPC_URL) {
  process.stderr.write('foretell setup: CHAIN_RPC_URL must name the chain to deploy on\n');
  process.exit(78);
}

const prepared = await prepareDatabase(config.DATABASE_URL, { seed: true });
say(`migrations applied: ${prepared.applied.length}; demo data: ${JSON.stringify(prepared.seeded)}`);
const db = createKnex({ databaseUrl: prepared.applicationDatabaseUrl, poolMax: 2 });
try {
  const onChain = await setUpDemoChain(db, {
    rpcUrl: config.CHAIN_RPC_URL,
    adminPrivateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
    executorPrivateKeys: config.EXECUTOR_PRIVATE_KEYS ?? [config.EXECUTOR_PRIVATE_KEY],
    fundingUsdc: config.DEMO_FUNDING_USDC,
  });
  say(
    `chain ${onChain.chainId}: platform ${onChain.platformDeployed ? 'deployed' : 'reused'}, ${onChain.marketsDeployed} markets`,
  );
  if (onChain.otherUsers > 0) {
    // A one-shot: the other users' accounts are restored here, before the deployables start, with progress.
    await startOtherAccountsJob({
      databaseUrl: config.DATABASE_URL,
      rpcUrl: config.CHAIN_RPC_URL,
      adminPrivateKey: config.PLATFORM_ADMIN_PRIVATE_KEY,
      platform: onChain.platform,
      fundingUsdc: config.DEMO_FUNDING_USDC,
      log: say,
    }).done;
  }
  const demoKey = await issueDemoApiKey(db, DEVELOPMENT_PEPPER);
  say(demoKey.issued ? `demo API key ${demoKey.key} (enterprise, test)` : `no demo key: ${demoKey.reason}`);
} finally {
  await db.destroy();
}
