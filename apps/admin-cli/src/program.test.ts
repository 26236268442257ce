import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '#shared/config/load-config.js';
import { adminCliConfigSchema } from '#shared/config/app-configs.js';
import { listAdminActions } from './db/admin-audit-log/admin-audit-log.repository.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { runTypeScript } from '#tooling/testing/deployable-process.js';
import type { CliIo } from './cli-output.js';
import { captureIo } from '#tooling/kits/admin-cli/admin-cli-harness.js';
import { migrationSource } from '../../../migrations/index.js';
import { runAdminCli } from './program.js';

/** A database of the suite's own, not migrated, and a runner of the CLI against it. */
function onFreshDatabase() {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.destroy());
  const run = (argv: string[], io: CliIo) =>
    runAdminCli(argv, loadConfig(adminCliConfigSchema, { DATABASE_URL: database.url }), io, '9.9.9');
  return { run, db: () => database.db };
}

describe('foretell-admin', () => {
  const { run, db } = onFreshDatabase();

  it('runs as `npm run -s admin -- --help` and lists its commands', async () => {
    const result = await runTypeScript('apps/admin-cli/src/main.ts', ['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: foretell-admin');
    for (const command of ['migrations', 'users', 'markets', 'orgs', 'partners', 'trades'])
      expect(result.stdout).toContain(command);
  });

  it('applies pending migrations, printing exactly one JSON object with --json, after which none is pending', async () => {
    const io = captureIo();
    expect(await run(['--json', 'migrations', 'latest'], io)).toBe(0);
    const lines = io.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]!) as { applied: string[] };
    expect(result.applied.length).toBeGreaterThan(0);
    // Progress on stderr: what is pending, then each migration as it starts and ends.
    const progress = io.err.trim().split('\n');
    expect(progress[0]).toBe(`${result.applied.length} pending: ${result.applied.join(', ')}`);
    expect(progress.slice(1)).toEqual(
      result.applied.flatMap((name) => [
        `applying ${name}…`,
        expect.stringMatching(new RegExp(`^applied ${name} in \\d+ ms$`)),
      ]),
    );
    expect(await db().schema.hasTable('outbox')).toBe(true);
    const status = captureIo();
    expect(await run(['migrations', 'status', '--json'], status)).toBe(0);
    expect(JSON.parse(status.out)).toEqual({ pending: [] });
  });

  it('exits 69 with DEPENDENCY_UNAVAILABLE when the database does not answer', async () => {
    const io = captureIo();
    const config = loadConfig(adminCliConfigSchema, { DATABASE_URL: 'mysql://root@127.0.0.1:1/nowhere' });
    expect(await runAdminCli(['--json', 'users', 'list'], config, io, '9.9.9')).toBe(69);
    expect(JSON.parse(io.out)).toEqual({ error: { code: 'DEPENDENCY_UNAVAILABLE', message: expect.any(String) } });
  });

  it('exits 2 on an unknown command and says why', async () => {
    const io = captureIo();
    expect(await run(['frobnicate'], io)).toBe(2);
    expect(io.err).toContain("unknown command 'frobnicate'");
  });

  it('prints the version', async () => {
    const io = captureIo();
    expect(await run(['--version'], io)).toBe(0);
    expect(io.out.trim()).toBe('9.9.9');
  });
});

describe('foretell-admin migrations on a database without the audit table', () => {
  const { run, db } = onFreshDatabase();

  it('reports pending migrations before the audit table exists (warning that it went unaudited), then audits latest', async () => {
    const status = captureIo();
    expect(await run(['--json', 'migrations', 'status'], status)).toBe(0);
    const listed = (await migrationSource.getMigrations([])).map((migration) => migration.name);
    expect((JSON.parse(status.out) as { pending: unknown[] }).pending).toEqual(listed);
    expect(status.err).toMatch(/^warning: migrations\.status could not be written to the audit log: /);

    const io = captureIo();
    expect(await run(['--json', 'migrations', 'latest', '--actor', 'deploy:job'], io)).toBe(0);
    const { applied } = JSON.parse(io.out) as { applied: string[] };
    // Progress lines only: the audit table exists by the time the command writes its entry.
    expect(io.err).not.toContain('warning');
    expect(await listAdminActions(db(), { action: 'migrations.latest' })).toEqual([
      expect.objectContaining({ actor: 'deploy:job', outcome: 'success', details: { applied } }),
    ]);
  });
});
