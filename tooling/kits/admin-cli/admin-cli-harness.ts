/**
 * Test-only: runs foretell-admin in-process (or, with `spawn`, as its own process) against a suite's own MariaDB
 * database and, when asked, its own anvil with the platform deployed and recorded in chain_deployments (as
 * `npm start` records it).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type ChainFixture, recordFixtureDeployment, startChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { adminCliConfigSchema } from '#shared/config/app-configs.js';
import { loadConfig } from '#shared/config/load-config.js';
import { createUser, type User } from '#shared/db/users/users.repository.js';
import {
  listAdminActions,
  type AdminAuditEntry,
} from '../../../apps/admin-cli/src/db/admin-audit-log/admin-audit-log.repository.js';
import { runTypeScript, type ProcessResult } from '#tooling/testing/deployable-process.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import type { AdminContextOptions } from '../../../apps/admin-cli/src/admin-context.js';
import type { CliIo } from '../../../apps/admin-cli/src/cli-output.js';
import { runAdminCli } from '../../../apps/admin-cli/src/program.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** What a refused invocation prints with --json (the recovery facts only when its error carries them). */
export interface CliError {
  error: { code: string; message: string; txHash?: string; marketId?: string; contractAddress?: string };
}

/** The settings of a live deployment (fresh secrets for each test file), for `run(argv, liveEnv)`. */
export const liveEnv = {
  SERVICE_ENV: 'live',
  PLATFORM_ADMIN_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
  API_KEY_PEPPER: randomBytes(32).toString('hex'),
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
};

export interface AdminCliHarness {
  database: TestDatabase;
  /** Present when the harness was started with `{ chain: true }`. */
  fixture: ChainFixture;
  /** Runs one invocation; `env` overrides the suite's settings (e.g. SERVICE_ENV). */
  run(argv: string[], env?: Record<string, string>, options?: AdminContextOptions): Promise<CliRun>;
  /** Runs one invocation as a process of its own (`node --import tsx apps/admin-cli/src/main.ts`). */
  spawn(argv: string[], options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<ProcessResult>;
  /** Runs with --json, expects exactly one JSON line on stdout and returns it parsed. */
  runJson<T = Record<string, unknown>>(
    argv: string[],
    env?: Record<string, string>,
    options?: AdminContextOptions,
  ): Promise<CliRun & { json: T }>;
  /** A user of its own, with a unique email and no smart account. */
  newUser(): Promise<User>;
  /** Audit entries of one target, newest first. */
  auditOf(targetType: string, targetId: string): Promise<AdminAuditEntry[]>;
  /** Runs one invocation and returns the audit entries it wrote, oldest first (tests in a suite run one at a time). */
  runAudited(
    argv: string[],
    env?: Record<string, string>,
    options?: AdminContextOptions,
  ): Promise<CliRun & { audits: AdminAuditEntry[] }>;
  stop(): Promise<void>;
}

export function captureIo(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => (io.out += text),
    stderr: (text: string) => (io.err += text),
  };
  return io;
}

export async function startAdminCliHarness(options: { chain: boolean }): Promise<AdminCliHarness> {
  const [database, fixture] = await Promise.all([
    createTestDatabase(),
    options.chain ? startChainFixture() : Promise.resolve(undefined),
  ]);
  if (fixture) {
    await recordFixtureDeployment(database.db, fixture);
  }
  const baseEnv = {
    DATABASE_URL: database.url,
    // Nothing listens here in DB-only suites: a command that needs the chain fails fast.
    CHAIN_RPC_URL: fixture?.chain.rpcUrl ?? 'http://127.0.0.1:9',
  };
  const run = async (argv: string[], env: Record<string, string> = {}, options?: AdminContextOptions) => {
    const io = captureIo();
    const config = loadConfig(adminCliConfigSchema, { ...baseEnv, ...env });
    const code = await runAdminCli(argv, config, io, '0.0.0-test', options);
    return { code, out: io.out, err: io.err };
  };
  return {
    database,
    get fixture(): ChainFixture {
      if (!fixture) throw new Error('this harness was started without a chain');
      return fixture;
    },
    run,
    spawn: (argv, options = {}) =>
      runTypeScript('apps/admin-cli/src/main.ts', argv, { ...baseEnv, ...options.env }, options.timeoutMs),
    async runJson<T>(argv: string[], env?: Record<string, string>, options?: AdminContextOptions) {
      const result = await run(['--json', ...argv], env, options);
      const lines = result.out.trim().split('\n');
      if (lines.length !== 1) throw new Error(`expected one JSON line on stdout, got:\n${result.out}${result.err}`);
      return { ...result, json: JSON.parse(lines[0]!) as T };
    },
    newUser: () => createUser(database.db, { email: `user-${randomUUID()}@example.test` }),
    auditOf: (targetType, targetId) => listAdminActions(database.db, { targetType, targetId }),
    async runAudited(argv, env, options) {
      const before = (await listAdminActions(database.db, { limit: 1 }))[0]?.id ?? '0';
      const result = await run(argv, env, options);
      const latest = await listAdminActions(database.db, { limit: 1_000 });
      return { ...result, audits: latest.filter((entry) => BigInt(entry.id) > BigInt(before)).reverse() };
    },
    async stop() {
      await Promise.all([database.destroy(), fixture?.stop()]);
    },
  };
}
