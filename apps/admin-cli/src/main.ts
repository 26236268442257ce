import { adminCliConfigSchema } from '#shared/config/app-configs.js';
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { serviceVersion } from '#shared/runtime/service-version.js';
import { processIo } from './cli-output.js';
import { runAdminCli } from './program.js';

const config = loadConfigOrExit(adminCliConfigSchema, 'foretell-admin');
process.exitCode = await runAdminCli(process.argv.slice(2), config, processIo, serviceVersion);
