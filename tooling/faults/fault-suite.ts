/*
 * What every fault test file shares: one whole fault stack and one webhook receiver for the file, every service
 * running, every proxy healed and every deployable up again before each test, and traders whose webhooks reach the
 * receiver under a path of their own.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { startFaultStack, type FaultStack } from './fault-stack.js';
import { createFaultTrader, type FaultKeyLimits, type FaultTrader } from './fault-traders.js';

export interface FaultSuite {
  readonly stack: FaultStack;
  readonly receiver: WebhookReceiver;
  /** Every trader created in this file (the invariants check them all). */
  readonly traders: readonly FaultTrader[];
  /** A funded trader whose webhooks go to `path` on the receiver (its key's own limits when given). */
  trader(path: string, limits?: FaultKeyLimits): Promise<FaultTrader>;
  /** The event ids the receiver got so far. */
  receivedIds(): Set<string>;
}

/** Registers the file's hooks; the returned suite is usable inside tests (after beforeAll). */
export function useFaultSuite(options: { replicas?: number } = {}): FaultSuite {
  let stack: FaultStack | undefined;
  let receiver: WebhookReceiver | undefined;
  const traders: FaultTrader[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fault suite is used before beforeAll started it');
    return value;
  };

  beforeAll(async () => {
    [stack, receiver] = await Promise.all([startFaultStack(options), startWebhookReceiver()]);
  }, 180_000);

  beforeEach(async () => {
    const running = started(stack);
    for (const service of Object.values(running.services)) if (!service.running()) await service.start();
    await Promise.all(Object.values(running.proxies).map((proxy) => proxy.heal()));
    await Promise.all(
      Object.values(running.replicaSets)
        .flat()
        .map((app) => app.ensureRunning()),
    );
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  }, 60_000);

  return {
    get stack() {
      return started(stack);
    },
    get receiver() {
      return started(receiver);
    },
    traders,
    async trader(path, options = {}) {
      const created = await createFaultTrader(started(stack), { webhookUrl: started(receiver).url(path), ...options });
      traders.push(created);
      return created;
    },
    receivedIds: () =>
      new Set(
        started(receiver)
          .received()
          .map((entry) => String(entry.headers['x-service-event-id'])),
      ),
  };
}
