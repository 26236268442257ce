/**
 * Where the integration tests find the real services. Defaults match the local machine and CI;
 * override with the usual env vars.
 */
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/mysql',
  amqpUrl: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export const TEST_DATABASE_PREFIX = 'ft_test_';

/** Short unique token for naming a suite's database, queues and keys: `<unix seconds base36>_<random>`. */
export function suiteToken(now: number = Date.now()): string {
  return `${Math.floor(now / 1000).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
