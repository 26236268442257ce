/**
 * The fault suite (`*.fault.ts`, issue 17): the deployables as real processes on private MariaDB, RabbitMQ and Redis
 * instances and their own anvil, each dependency behind a TCP fault proxy (tooling/faults). Same
 * transform as jest.config.js; at most two suites at once, since each runs a whole stack.
 * @type {import('jest').Config}
 */
import base from './jest.config.js';

export default {
  ...base,
  testMatch: ['<rootDir>/{apps,shared,tooling}/**/*.fault.ts'],
  testTimeout: 120_000,
  maxWorkers: 2,
};
