/*
 * events.stream() against a real trading API replica (MariaDB, Redis, RabbitMQ notices) reached through a TCP fault
 * proxy, so the connection can be dropped for real in the middle of the stream.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createStreamCaller,
  produceEvent,
  startStreamsKit,
  type StreamsKit,
  type StreamsReplica,
} from '../../../tooling/kits/trading-api/streams-test-kit.js';
import type { TestCaller } from '../../../tooling/kits/trading-api/trading-api-test-kit.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { startTcpFaultProxy, type TcpFaultProxy } from '../../../tooling/faults/tcp-fault-proxy.js';
import { createForetellClient } from './client.js';
import { ForetellStreamError } from './errors.js';
import type { StreamedEvent } from './events.js';

let kit: StreamsKit;
let replica: StreamsReplica;
let proxy: TcpFaultProxy;

beforeAll(async () => {
  kit = await startStreamsKit();
  replica = await kit.startReplica();
  const { hostname, port } = new URL(replica.url);
  proxy = await startTcpFaultProxy({ target: { host: hostname, port: Number(port) } });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await kit?.close();
});

/** A client of `caller` through the proxy; `opened` collects the Last-Event-ID of every stream it opens. */
function streamingClient(caller: TestCaller, opened: Array<string | null> = []) {
  return createForetellClient({
    baseUrl: `http://${proxy.host}:${proxy.port}`,
    apiKey: caller.key,
    retry: { initialDelayMs: 50 },
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('X-Forwarded-For', caller.ip);
      if (String(input).includes('/events/stream')) opened.push(headers.get('last-event-id'));
      return fetch(input, { ...init, headers });
    },
  });
}

async function take(iterator: AsyncIterator<StreamedEvent>, count: number): Promise<StreamedEvent[]> {
  const taken: StreamedEvent[] = [];
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) throw new Error(`the stream ended after ${taken.length} of ${count} events`);
    taken.push(next.value);
  }
  return taken;
}

const eventIdsOf = (caller: TestCaller): Promise<string[]> =>
  kit.database.db('webhook_events').where({ api_key_id: caller.record.id }).orderBy('seq').pluck('id');

describe('events.stream', () => {
  it('resumes after a dropped connection with Last-Event-ID: every event once, in order, none missing', async () => {
    const caller = await createStreamCaller(kit);
    const opened: Array<string | null> = [];
    const stream = streamingClient(caller, opened).events.stream({ after: '0' });
    const iterator = stream[Symbol.asyncIterator]();
    try {
      for (let index = 0; index < 3; index += 1) await produceEvent(kit, caller);
      const before = await take(iterator, 3);

      // The connection drops and the API cannot be reached while four more events happen.
      await proxy.refuse();
      for (let index = 0; index < 4; index += 1) await produceEvent(kit, caller);
      await proxy.heal();
      const replayed = await take(iterator, 4);
      // Live again: later events follow on the new connection.
      for (let index = 0; index < 2; index += 1) await produceEvent(kit, caller);
      const live = await take(iterator, 2);

      const received = [...before, ...replayed, ...live];
      expect(received.map((event) => Number(event.id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(received.map((event) => event.event.id)).toEqual(await eventIdsOf(caller));
      expect(received.every((event) => event.type === 'trade.failed')).toBe(true);
      // The first stream opened from the start; the reconnection asked for the events after the third.
      expect(opened[0]).toBe('0');
      expect(opened.at(-1)).toBe('3');
    } finally {
      await iterator.return?.();
    }
  }, 60_000);

  it('ends with ForetellStreamError when the server ends the stream for good (key revoked)', async () => {
    const caller = await createStreamCaller(kit);
    const iterator = streamingClient(caller).events.stream({ after: '0' })[Symbol.asyncIterator]();
    await produceEvent(kit, caller);
    await take(iterator, 1);

    await revokeApiKey(kit.database.db, caller.record.id, new Date());
    const ending = await iterator.next().catch((error: unknown) => error);

    expect(ending).toBeInstanceOf(ForetellStreamError);
    expect(ending).toMatchObject({ code: 'API_KEY_REVOKED' });
  }, 30_000);

  it('ends the iteration when the loop is left', async () => {
    const caller = await createStreamCaller(kit);
    const iterator = streamingClient(caller).events.stream({ after: '0' })[Symbol.asyncIterator]();
    await produceEvent(kit, caller);
    await take(iterator, 1);
    expect(proxy.connectionCount()).toBeGreaterThan(0);

    await iterator.return?.();

    await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
  });
});
