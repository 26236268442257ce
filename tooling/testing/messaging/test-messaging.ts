import { connect, type Channel, type ChannelModel, type GetMessage } from 'amqplib';
import { createLogger, type Logger } from '#shared/logger/logger.js';
import { suiteToken, testEnv } from '../test-env.js';
import {
  createAmqpConnectionManager,
  type AmqpConnectionManager,
  type AmqpConnectionManagerOptions,
} from '#shared/messaging/connection-manager.js';
import {
  declareTopology,
  deleteTopology,
  parkingQueueOf,
  physicalName,
  WORK_QUEUES,
} from '#shared/messaging/topology.js';

/** A pino logger that keeps its JSON lines in memory, so tests can assert on logged events. */
export interface LogCapture {
  logger: Logger;
  lines(): Array<Record<string, unknown>>;
  events(): string[];
}

export function createLogCapture(level: 'debug' | 'info' | 'warn' = 'debug'): LogCapture {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    name: 'messaging-test',
    level,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines: () => lines, events: () => lines.map((line) => String(line.event)) };
}

/**
 * One suite's private slice of the shared broker: every exchange and queue under a unique prefix, a raw channel
 * for inspecting queues, and connection managers that are closed (with the topology deleted) in `destroy`.
 */
export interface TestMessaging {
  prefix: string;
  /** Raw channel on its own connection, for checkQueue/get/purge and for publishing malformed messages. */
  admin: Channel;
  createManager(overrides?: Partial<AmqpConnectionManagerOptions>): AmqpConnectionManager;
  physical(logicalName: string): string;
  /** Takes (and acks) every ready message of a logical queue. */
  drainQueue(logicalQueue: string): Promise<GetMessage[]>;
  /** Ready messages in a logical queue. */
  readyCount(logicalQueue: string): Promise<number>;
  purgeAll(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createTestMessaging(): Promise<TestMessaging> {
  const prefix = `t_${suiteToken()}`;
  const physical = (logicalName: string) => physicalName(prefix, logicalName);
  const adminConnection: ChannelModel = await connect(testEnv.amqpUrl);
  const admin = await adminConnection.createChannel();
  await declareTopology(admin, prefix);
  const managers: AmqpConnectionManager[] = [];
  let managerCount = 0;
  const silent = createLogger({ name: 'messaging-test', level: 'silent' });

  return {
    prefix,
    admin,
    physical,
    createManager: (overrides = {}) => {
      managerCount += 1;
      const manager = createAmqpConnectionManager({
        url: testEnv.amqpUrl,
        prefix,
        logger: silent,
        connectionName: `${prefix}:${managerCount}`,
        reconnectBackoff: { initialMs: 50, maxMs: 500, factor: 2, jitter: 0.2 },
        ...overrides,
      });
      managers.push(manager);
      return manager;
    },
    drainQueue: async (logicalQueue) => {
      const messages: GetMessage[] = [];
      for (;;) {
        const message = await admin.get(physical(logicalQueue), { noAck: true });
        if (message === false) return messages;
        messages.push(message);
      }
    },
    readyCount: async (logicalQueue) => (await admin.checkQueue(physical(logicalQueue))).messageCount,
    purgeAll: async () => {
      for (const { queue } of WORK_QUEUES) {
        await admin.purgeQueue(physical(queue));
        await admin.purgeQueue(physical(parkingQueueOf(queue)));
      }
    },
    destroy: async () => {
      await Promise.allSettled(managers.map((manager) => manager.close()));
      await deleteTopology(admin, prefix);
      await adminConnection.close();
    },
  };
}
