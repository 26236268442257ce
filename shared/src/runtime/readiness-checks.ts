import type { Knex } from 'knex';
import { pingChain, type ChainReader } from '../chain/chain-clients.js';
import { pingDatabase } from '../db/create-knex.js';
import type { Redis } from 'ioredis';
import { DependencyNotReady, type ReadinessCheck } from '../http/readiness.js';
import type { AmqpConnectionManager } from '../messaging/connection-manager.js';

export const mysqlReadiness = (db: Knex): ReadinessCheck => ({
  name: 'mysql',
  check: () => pingDatabase(db),
});

export const redisReadiness = (redis: Redis): ReadinessCheck => ({
  name: 'redis',
  check: async () => {
    // Without an offline queue a command before the connection is up fails with a code-less error: say what it is.
    if (redis.status !== 'ready') throw new DependencyNotReady(`connection ${redis.status}`, 'NOT_CONNECTED');
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING reply');
  },
});

export const rabbitmqReadiness = (amqp: AmqpConnectionManager): ReadinessCheck => ({
  name: 'rabbitmq',
  check: async () => {
    if (!amqp.isConnected()) throw new DependencyNotReady('not connected', 'NOT_CONNECTED');
  },
});

export const chainReadiness = (reader: ChainReader): ReadinessCheck => ({
  name: 'chain',
  check: async () => {
    if (!(await pingChain(reader))) throw new DependencyNotReady('the chain RPC does not answer', 'CHAIN_UNREACHABLE');
  },
});
