/*
 * Jest loads this file outside the ESM test runtime, where relative `.js` imports of project sources do not
 * resolve, so it depends on packages only and reads the same env vars as test-env.ts.
 */
import net from 'node:net';
import mysql from 'mysql2/promise';

/** Databases of crashed runs are swept once they are this old; younger ones may belong to a run in progress. */
const LEFTOVER_AGE_SECONDS = 3_600;

/** Fails the run early, naming the service, when a backing service is not reachable. */
export default async function globalSetup(): Promise<void> {
  const targets = [
    { name: 'MariaDB/MySQL', url: process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/mysql', port: 3306 },
    { name: 'RabbitMQ', url: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672', port: 5672 },
    { name: 'Redis', url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', port: 6379 },
  ];
  for (const target of targets) {
    const url = new URL(target.url);
    if (!(await canConnect(url.hostname, Number(url.port || target.port)))) {
      throw new Error(`${target.name} is not reachable at ${url.host}. Start it (see README, "Services").`);
    }
  }
  await dropLeftoverTestDatabases(targets[0]!.url);
}

async function dropLeftoverTestDatabases(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '';
  const connection = await mysql.createConnection(url.toString());
  try {
    const [rows] = await connection.query<mysql.RowDataPacket[]>("SHOW DATABASES LIKE 'ft\\_test\\_%'");
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const row of rows) {
      const name = String(Object.values(row)[0]);
      const stamp = /^ft_test_([0-9a-z]+)_[0-9a-z]+$/.exec(name)?.[1];
      if (stamp && nowSeconds - parseInt(stamp, 36) > LEFTOVER_AGE_SECONDS) {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      }
    }
  } finally {
    await connection.end();
  }
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    const settle = (connected: boolean) => {
      socket.destroy();
      resolve(connected);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}
