/*
 * The due-key sweep against MariaDB and RabbitMQ: it wakes a key whose oldest event is overdue, and wakes nothing
 * while Redis (the keys' leases) does not answer, where each wake-up would only fail its deliveries and park.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUES } from '#shared/messaging/topology.js';
import {
  createLogCapture,
  createTestMessaging,
  type TestMessaging,
} from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createUnreachableRedis, type UnreachableRedis } from '#tooling/testing/unreachable-redis.js';
import { startDispatcherKit, type DispatcherKit } from '#tooling/kits/webhook-dispatcher/dispatcher-test-kit.js';
import { startWakeDueKeysLoop } from './wake-due-keys.loop.js';

let kit: DispatcherKit;
let messaging: TestMessaging;
let unreachable: UnreachableRedis;
beforeAll(async () => {
  [kit, messaging] = await Promise.all([startDispatcherKit(), createTestMessaging()]);
  unreachable = createUnreachableRedis();
}, 60_000);
afterAll(async () => {
  await unreachable?.close();
  await Promise.all([messaging?.destroy(), kit?.close()]);
});

/** The sweep as the dispatcher runs it, against `redis`, with a clock a minute ahead: every recorded event is due. */
function sweep(redis: DispatcherKit['testRedis']['redis'], logger = createLogCapture('warn').logger) {
  return startWakeDueKeysLoop(
    { db: kit.database.db, amqp: messaging.createManager(), redis, logger, now: () => new Date(Date.now() + 60_000) },
    { pollMs: 50, batchSize: 10, graceMs: 1_000 },
  );
}

describe('the due-key sweep', () => {
  it('wakes nothing while Redis does not answer, logging one line, and wakes the due key once it does', async () => {
    const { apiKeyId } = await kit.createKey(kit.receiver.url('/sweep'));
    await kit.recordEvent(apiKeyId, { index: 0 });
    const log = createLogCapture('warn');

    const paused = sweep(unreachable.redis, log.logger);
    try {
      await waitFor('a paused round', () => log.events().includes('webhooks.sweep_paused'), { timeoutMs: 5_000 });
      // A few more rounds, each of which would have woken the key.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await paused();
    }
    expect(await messaging.readyCount(QUEUES.webhookDispatcherEvents)).toBe(0);
    expect(log.events().filter((event) => event === 'webhooks.sweep_paused')).toHaveLength(1);

    const stop = sweep(kit.testRedis.redis);
    try {
      await waitFor('the wake-up', async () => (await messaging.readyCount(QUEUES.webhookDispatcherEvents)) > 0);
      const [woken] = await messaging.drainQueue(QUEUES.webhookDispatcherEvents);
      expect(JSON.parse(woken!.content.toString())).toMatchObject({ apiKeyId });
    } finally {
      await stop();
    }
  });
});
