/*
 * The webhook dispatcher as a real process (its own main.ts, as `npm start` runs it) on MariaDB, RabbitMQ and
 * Redis: an event's message wakes its key and the event is delivered; a dispatcher killed with SIGKILL while a
 * delivery is in flight loses nothing: once its lease expires the sweep wakes the key and the next dispatcher
 * delivers the same evt_ event again (at least once), then the rest of the key's events in order.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { findWebhookEventOfKey } from '#shared/db/webhook-events/webhook-events.repository.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { createTestMessaging, type TestMessaging } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { testDeployables } from '#tooling/testing/deployable-process.js';
import { testEnv } from '#tooling/testing/test-env.js';
import {
  startDispatcherKit,
  TEST_WEBHOOK_SECRET_KEY,
  type DispatcherKit,
} from '#tooling/kits/webhook-dispatcher/dispatcher-test-kit.js';

let kit: DispatcherKit;
let messaging: TestMessaging;
let publisher: AmqpConnectionManager;
const deployables = testDeployables();

beforeAll(async () => {
  [kit, messaging] = await Promise.all([startDispatcherKit(), createTestMessaging()]);
  publisher = messaging.createManager();
}, 60_000);

afterAll(async () => {
  deployables.killAll();
  await publisher?.close();
  await Promise.all([messaging?.destroy(), kit?.close()]);
});

function startDispatcher(): Promise<ChildProcess> {
  return deployables.start('apps/webhook-dispatcher/src/main.ts', {
    DATABASE_URL: kit.database.url,
    AMQP_URL: testEnv.amqpUrl,
    AMQP_PREFIX: messaging.prefix,
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: kit.testRedis.prefix,
    WEBHOOK_SECRET_KEY: TEST_WEBHOOK_SECRET_KEY,
    WEBHOOK_LEASE_MS: '2500',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_SWEEP_POLL_MS: '100',
  });
}

const wake = (apiKeyId: string, eventId: string) =>
  publisher.publish(EXCHANGES.events, 'trade.completed', { eventId, apiKeyId });

describe('webhook dispatcher process', () => {
  it('delivers on the event message, and after a SIGKILL mid-delivery the next process delivers the same event again, then the rest in order', async () => {
    const path = '/restart';
    const { apiKeyId } = await kit.createKey(kit.receiver.url(path));
    const first = await kit.recordEvent(apiKeyId, { index: 0 });
    const later = [await kit.recordEvent(apiKeyId, { index: 1 }), await kit.recordEvent(apiKeyId, { index: 2 })];
    kit.receiver.behave(path, { kind: 'hang' });

    const doomed = await startDispatcher();
    await wake(apiKeyId, first);
    await kit.receiver.waitFor(path, 1, 30_000);
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));

    kit.receiver.behave(path, { kind: 'status', status: 200 });
    await startDispatcher();
    await kit.receiver.waitFor(path, 4, 30_000);
    const ids = kit.receiver.received(path).map((entry) => entry.headers['x-service-event-id']);
    expect(ids).toEqual([first, first, ...later]);
    for (const id of [first, ...later]) {
      const event = await waitFor(`event ${id} delivered`, async () => {
        const found = await findWebhookEventOfKey(kit.database.db, apiKeyId, id);
        return found?.status === 'delivered' ? found : null;
      });
      expect(event.attempts).toBe(1);
    }
  }, 90_000);
});
