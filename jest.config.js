/**
 * Jest runs TypeScript as native ESM through @swc/jest (no type-checking here: `npm run typecheck` does that).
 * `*.spec.ts` are pure unit tests; `*.test.ts` talk to the real MariaDB, RabbitMQ and Redis, each suite isolated
 * by the harness in tooling/testing.
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '^#shared/(.*)\\.js$': '<rootDir>/shared/src/$1',
    '^#tooling/(.*)\\.js$': '<rootDir>/tooling/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // openapi-backend requires this ESM-only package; jest cannot require ESM (Node 20 can). See the stub.
    '^@apidevtools/json-schema-ref-parser$': '<rootDir>/tooling/kits/trading-api/json-schema-ref-parser.stub.cjs',
  },
  testMatch: ['<rootDir>/{apps,shared,tooling,migrations,cdk8s,clients}/**/*.{spec,test}.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/build/', '<rootDir>/.local/', '/dist/'],
  globalSetup: '<rootDir>/tooling/testing/global-setup.ts',
  testTimeout: 30_000,
  maxWorkers: 3,
};
