import { loadConfigOrExit } from '#shared/config/load-config.js';
import { localStackConfigSchema } from '#shared/config/app-configs.js';
import { prepareDatabase } from './prepare-database.js';

/** `npm run migrate`: create the database if needed and apply pending migrations (no demo data). */
const config = loadConfigOrExit(localStackConfigSchema, 'migrate');
const { applied } = await prepareDatabase(config.DATABASE_URL, { seed: false });
process.stdout.write(applied.length ? `applied:\n  ${applied.join('\n  ')}\n` : 'database is up to date\n');
