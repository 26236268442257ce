import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { createRedis, deleteKeysWithPrefix, waitForRedis } from '#shared/redis/create-redis.js';
import { waitUntilAnswering as waitUntilServing } from '../testing/deployable-process.js';
import { freePort } from '../testing/free-port.js';
import { deleteTestTopology } from '../testing/test-amqp.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { suiteToken, testEnv } from '../testing/test-env.js';
import { repositoryRoot } from '../repository-root.js';
import { buildDeployables } from './build-deployables.js';

// What the image runs (Dockerfile: `npm run build`, then `node build/apps/<app>/src/main.js`), built in a folder of
// its own inside the repository so node_modules resolves as it does in the image.
const token = suiteToken();
const outDir = join(repositoryRoot, '.local', `build-test-${token}`);
const prefix = `ft_build_${token}_`;
let database: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  buildDeployables(outDir);
  database = await createTestDatabase();
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  const redis = createRedis({ redisUrl: testEnv.redisUrl });
  await waitForRedis(redis);
  await deleteKeysWithPrefix(redis, prefix);
  redis.disconnect();
  await deleteTestTopology(prefix);
  await database.destroy();
});

async function startCompiled(app: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(outDir, 'apps', app, 'src', 'main.js')], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: prefix,
      AMQP_URL: testEnv.amqpUrl,
      AMQP_PREFIX: prefix,
      SERVICE_ENV: 'test',
      API_KEY_PEPPER: DEVELOPMENT_PEPPER,
      // No chain runs for this test: the chain executor starts not ready instead of refusing to start.
      CHAIN_ID: '31337',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/health`);
  return url;
}

describe('npm run build (the production build)', () => {
  it('emits every deployable with the files it reads at run time', () => {
    for (const app of ['public-read', 'trading-api', 'chain-executor', 'webhook-dispatcher', 'admin-cli']) {
      expect(existsSync(join(outDir, 'apps', app, 'src', 'main.js'))).toBe(true);
    }
    expect(existsSync(join(outDir, 'apps', 'trading-api', 'openapi', 'openapi.yaml'))).toBe(true);
    expect(existsSync(join(outDir, 'apps', 'public-read', 'src', 'embed', 'widget.js'))).toBe(true);
  });

  it('holds no dev tooling: no tooling/ file, no test, and no compiled file that imports tooling', () => {
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(sep).join('/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => file.startsWith('tooling/') || /\.(spec|test|fault|browser)\.js$/.test(file))).toEqual([]);
    const importsTooling = files
      .filter((file) => file.endsWith('.js'))
      .filter((file) => /from\s*["'](#tooling\/|(\.\.\/)+tooling\/)/.test(readFileSync(join(outDir, file), 'utf8')));
    expect(importsTooling).toEqual([]);
  });

  it.each([
    ['trading-api', '/v1/openapi.json'],
    ['public-read', '/api/openapi.json'],
  ])('starts the compiled %s, which serves %s', async (app, documentPath) => {
    const url = await startCompiled(app);
    const response = await fetch(`${url}${documentPath}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  }, 60_000);

  it('serves the widget bundle the build wrote from the compiled public-read (the image has no esbuild)', async () => {
    const url = await startCompiled('public-read');
    const response = await fetch(`${url}/embed/widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const built = readFileSync(join(outDir, 'apps', 'public-read', 'src', 'embed', 'widget.js'), 'utf8');
    expect(await response.text()).toBe(built);
  }, 60_000);

  it.each([['chain-executor'], ['webhook-dispatcher']])('starts the compiled %s, live on /health', async (app) => {
    const url = await startCompiled(app);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  }, 60_000);

  it('runs the compiled admin CLI', () => {
    const help = spawnSync(process.execPath, [join(outDir, 'apps', 'admin-cli', 'src', 'main.js'), '--help'], {
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: foretell-admin');
  });
});
