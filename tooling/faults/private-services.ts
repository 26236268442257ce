/*
 * Private MariaDB, Redis and RabbitMQ instances for the fault suite, on free ports with data under one temporary
 * directory. Tests restart these (never the machine's shared instances, which other suites are using).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../testing/free-port.js';
import { serverProcess, type ServerProcess } from './server-process.js';

export interface PrivateService extends ServerProcess {
  name: string;
  port: number;
  /** The URL clients use (DATABASE_URL without a database, AMQP_URL, REDIS_URL). */
  url: string;
}

const execFileAsync = promisify(execFile);

/** Runs a set-up command; a missing binary names what the suite needs. */
async function run(command: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(command, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`the fault suite runs its own MariaDB, RabbitMQ and Redis: ${command} is not installed`, {
      cause: error,
    });
  }
}
const firstExisting = (candidates: string[]) => candidates.find((file) => existsSync(file)) ?? candidates.at(-1)!;

export async function privateMariaDb(directory: string): Promise<PrivateService> {
  const port = await freePort();
  const datadir = path.join(directory, 'mariadb');
  const user = userInfo().username;
  // Its own temporary directory: the bootstrap server's temporary tables never share /tmp with another suite's.
  const temporary = path.join(directory, 'mariadb-tmp');
  mkdirSync(temporary, { recursive: true });
  const install = () =>
    run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--tmpdir=${temporary}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      `--user=${user}`,
    ]);
  // A bootstrap that aborts (seen once under CI load) is run again on a clean data directory.
  await install().catch(async () => {
    rmSync(datadir, { recursive: true, force: true });
    await install();
  });
  const server = serverProcess({
    name: 'mariadb',
    command: firstExisting(['/usr/sbin/mariadbd', 'mariadbd']),
    args: [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--tmpdir=${temporary}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(directory, 'mariadb.sock')}`,
      `--pid-file=${path.join(directory, 'mariadb.pid')}`,
      `--user=${user}`,
      '--skip-log-bin',
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=64M',
      '--max-connections=300',
    ],
    port,
    logFile: path.join(directory, 'mariadb.log'),
  });
  return { name: 'mariadb', port, url: `mysql://root@127.0.0.1:${port}/mysql`, ...server };
}

export async function privateRedis(directory: string): Promise<PrivateService> {
  const port = await freePort();
  const server = serverProcess({
    name: 'redis',
    command: 'redis-server',
    // No persistence, as CI runs it: a restart comes back empty (limits, leases and breakers forgotten).
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory],
    port,
    logFile: path.join(directory, 'redis.log'),
  });
  return { name: 'redis', port, url: `redis://127.0.0.1:${port}`, ...server };
}

/**
 * A RabbitMQ node of its own (name, ports, config, data, Erlang cookie under `directory`), run as the current user
 * with the broker's own start script (not the distribution's wrapper, which switches to the rabbitmq user).
 */
export async function privateRabbitMq(directory: string): Promise<PrivateService> {
  const [port, distPort] = [await freePort(), await freePort()];
  const home = path.join(directory, 'rabbitmq');
  mkdirSync(path.join(home, 'mnesia'), { recursive: true });
  mkdirSync(path.join(home, 'log'), { recursive: true });
  writeFileSync(path.join(home, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${port}\n`);
  writeFileSync(path.join(home, 'enabled_plugins'), '[].\n');
  writeFileSync(path.join(home, 'rabbitmq-env.conf'), '');
  const node = `ftfault${port}@localhost`;
  const server = serverProcess({
    name: 'rabbitmq',
    command: firstExisting(['/usr/lib/rabbitmq/bin/rabbitmq-server', 'rabbitmq-server']),
    args: [],
    env: {
      HOME: home,
      RABBITMQ_CONF_ENV_FILE: path.join(home, 'rabbitmq-env.conf'),
      RABBITMQ_NODENAME: node,
      RABBITMQ_NODE_PORT: String(port),
      RABBITMQ_DIST_PORT: String(distPort),
      RABBITMQ_MNESIA_BASE: path.join(home, 'mnesia'),
      RABBITMQ_LOG_BASE: path.join(home, 'log'),
      RABBITMQ_CONFIG_FILE: path.join(home, 'rabbitmq.conf'),
      RABBITMQ_ENABLED_PLUGINS_FILE: path.join(home, 'enabled_plugins'),
      ERL_EPMD_ADDRESS: '127.0.0.1',
    },
    port,
    logFile: path.join(directory, 'rabbitmq.log'),
    startTimeoutMs: 90_000,
  });
  return { name: 'rabbitmq', port, url: `amqp://guest:guest@127.0.0.1:${port}`, ...server };
}
