import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { createKnex } from '../db/index.js';
import type { ReadinessCheck } from '../http/index.js';
import type { Logger } from '../logger/index.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '../messaging/index.js';
import { createRedis } from '../redis/index.js';
import { mysqlReadiness, rabbitmqReadiness, redisReadiness } from './readiness-checks.js';

interface ResourceSettings {
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  AMQP_URL: string;
  AMQP_PREFIX: string;
}

export interface ResourceNeeds {
  mysql?: boolean;
  redis?: boolean;
  rabbitmq?: boolean;
}

/** The backing-service clients one deployable uses, their readiness checks and one ordered close. */
export interface ServiceResources {
  db: Knex | undefined;
  redis: Redis | undefined;
  amqp: AmqpConnectionManager | undefined;
  readinessChecks: ReadinessCheck[];
  close(): Promise<void>;
}

/**
 * Opens the clients a deployable needs. Nothing here blocks on a service being up: readiness reports what
 * is down, and the AMQP manager keeps reconnecting in the background.
 */
export function openServiceResources(
  serviceName: string,
  settings: ResourceSettings,
  needs: ResourceNeeds,
  logger: Logger,
): ServiceResources {
  const db = needs.mysql
    ? createKnex({ databaseUrl: settings.DATABASE_URL, poolMax: settings.DB_POOL_MAX })
    : undefined;
  const redis = needs.redis
    ? createRedis({ redisUrl: settings.REDIS_URL, keyPrefix: settings.REDIS_PREFIX })
    : undefined;
  redis?.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis connection error'));
  const amqp = needs.rabbitmq
    ? createAmqpConnectionManager({
        url: settings.AMQP_URL,
        prefix: settings.AMQP_PREFIX,
        logger,
        connectionName: serviceName,
      })
    : undefined;
  if (amqp) void amqp.connect().catch((error: unknown) => logger.warn({ err: error }, 'rabbitmq not reachable yet'));
  const readinessChecks = [
    ...(db ? [mysqlReadiness(db)] : []),
    ...(redis ? [redisReadiness(redis)] : []),
    ...(amqp ? [rabbitmqReadiness(amqp)] : []),
  ];
  return {
    db,
    redis,
    amqp,
    readinessChecks,
    close: async () => {
      await amqp?.close();
      redis?.disconnect();
      await db?.destroy();
    },
  };
}
