import { adminCliConfigSchema, loadConfigOrExit } from '#shared/config/index.js';
import { serviceVersion } from '#shared/runtime/service-version.js';
import { processIo } from './cli-output.js';
import { runAdminCli } from './program.js';

const config = loadConfigOrExit(adminCliConfigSchema, 'foretell-admin');
process.exitCode = await runAdminCli(process.argv.slice(2), config, processIo, serviceVersion);
