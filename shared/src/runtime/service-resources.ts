import type { Knex } from 'knex';
import { createChainClients, type ChainReader } from '../chain/chain-clients.js';
import type { Redis } from 'ioredis';
import { createKnex } from '../db/create-knex.js';
import type { ReadinessCheck } from '../http/readiness.js';
import type { Logger } from '../logger/logger.js';
import { urlWithoutSecrets } from '../logger/secret-free-text.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '../messaging/connection-manager.js';
import { flushPublishedMarks } from '../messaging/published-marks.js';
import { createRedis } from '../redis/create-redis.js';
import { chainReadiness, mysqlReadiness, rabbitmqReadiness, redisReadiness } from './readiness-checks.js';

export interface ResourceSettings {
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  AMQP_URL: string;
  AMQP_PREFIX: string;
  CHAIN_RPC_URL?: string;
  CHAIN_ID?: number | undefined;
}

export interface ResourceNeeds {
  mysql?: boolean;
  redis?: boolean;
  rabbitmq?: boolean;
  chain?: boolean;
}

/** The backing-service clients one deployable uses, their readiness checks and one ordered close. */
export interface ServiceResources {
  db: Knex | undefined;
  redis: Redis | undefined;
  amqp: AmqpConnectionManager | undefined;
  chain: ChainReader | undefined;
  readinessChecks: ReadinessCheck[];
  close(): Promise<void>;
}

/**
 * Opens the clients a deployable needs. Nothing here blocks on a service being up (readiness reports what is
 * down, the AMQP manager keeps reconnecting) except the chain when CHAIN_ID is unset: its id is learnt from the RPC.
 */
export async function openServiceResources(
  serviceName: string,
  settings: ResourceSettings,
  needs: ResourceNeeds,
  logger: Logger,
): Promise<ServiceResources> {
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
  const chain = needs.chain ? await openChain(settings) : undefined;
  const readinessChecks = [
    ...(db ? [mysqlReadiness(db)] : []),
    ...(redis ? [redisReadiness(redis)] : []),
    ...(amqp ? [rabbitmqReadiness(amqp)] : []),
    ...(chain ? [chainReadiness(chain)] : []),
  ];
  return {
    db,
    redis,
    amqp,
    chain,
    readinessChecks,
    close: async () => {
      await amqp?.close();
      await chain?.close();
      redis?.disconnect();
      if (db) await flushPublishedMarks(db);
      await db?.destroy();
    },
  };
}

async function openChain(settings: ResourceSettings): Promise<ChainReader> {
  if (!settings.CHAIN_RPC_URL) throw new Error('CHAIN_RPC_URL is required for a deployable that reads the chain');
  try {
    return await createChainClients({ rpcUrl: settings.CHAIN_RPC_URL, chainId: settings.CHAIN_ID });
  } catch (error) {
    throw new Error(
      `the chain RPC at CHAIN_RPC_URL (${urlWithoutSecrets(settings.CHAIN_RPC_URL)}) does not answer: start it, or set CHAIN_ID so ` +
        'the service can start (not ready) without it',
      { cause: error },
    );
  }
}
