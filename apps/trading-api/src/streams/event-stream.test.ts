/* GET /v1/events/stream against real MariaDB, Redis and RabbitMQ: exact resume, fan-out across replicas, limits. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { recordWebhookEvent } from '#shared/db/webhook-events/webhook-events.repository.js';
import { revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { prefixedId } from '#shared/ids/ids.js';
import { openSseClient, type ReceivedSseEvent, type SseTestClient } from '#tooling/testing/sse-test-client.js';
import {
  createStreamCaller,
  finishTrade,
  placePendingTrade,
  produceEvent,
  startStreamsKit,
  type StreamsKit,
  type StreamsReplica,
} from '#tooling/kits/trading-api/streams-test-kit.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { insertTestMarket, type TestCaller } from '#tooling/kits/trading-api/trading-api-test-kit.js';

let kit: StreamsKit;
let replica: StreamsReplica;
const clients: SseTestClient[] = [];

beforeAll(async () => {
  kit = await startStreamsKit();
  replica = await kit.startReplica();
});
afterAll(async () => {
  for (const client of clients) client.close();
  await kit.close();
});

async function openStream(
  target: StreamsReplica,
  caller: TestCaller,
  query = '',
  headers: Record<string, string> = {},
): Promise<SseTestClient> {
  const client = await openSseClient(`${target.url}/v1/events/stream${query}`, {
    'X-API-Key': caller.key,
    'X-Forwarded-For': caller.ip,
    ...headers,
  });
  clients.push(client);
  return client;
}

/** The answer's headers as fetch's Headers (what the response validator reads). */
function headersOf(client: SseTestClient): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(client.headers)) if (value !== undefined) headers.set(name, String(value));
  return headers;
}
const seqs = (events: ReceivedSseEvent[]): number[] =>
  events.filter((event) => event.id !== undefined).map((event) => Number(event.id));
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const produce = async (caller: TestCaller, count: number): Promise<void> => {
  for (let i = 0; i < count; i += 1) await produceEvent(kit, caller);
};

describe('GET /v1/events/stream', () => {
  it('opens with the SSE headers, a retry hint and the rate-limit headers, then sends live events with their seq', async () => {
    const caller = await createStreamCaller(kit);
    const stream = await openStream(replica, caller);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['x-ratelimit-limit']).toBeDefined();
    expect(stream.headers['x-ratelimit-remaining']).toBeDefined();
    const trade = await produceEvent(kit, caller);
    await stream.waitFor((events) => events.length === 1);
    expect(stream.retries[0]).toBeGreaterThan(0);
    const [event] = stream.events;
    expect(event).toMatchObject({ id: '1', event: 'trade.failed' });
    const envelope = JSON.parse(event!.data) as { id: string; type: string; data: { tradeId: string } };
    expect(envelope).toMatchObject({ type: 'trade.failed', data: { tradeId: trade.id } });
    expect(envelope.id).toMatch(/^evt_/);
  });

  it('hands over from replay to live with no gap and no duplicate while events are produced', async () => {
    const caller = await createStreamCaller(kit);
    await produce(caller, 24);
    // Page size 4, so the replay takes several reads. After the reads at these positions an event commits (and
    // its notice is published) before the page reaches the stream: mid-replay, and after the replay's last, short
    // page, when nothing but a read woken by the notices can bring it (re-reads are off).
    const produceAfterReadAt = new Set([0, 4, 12, 24]);
    const producedAfter: number[] = [];
    const small = await kit.startReplica(
      { pageSize: 4 },
      {
        wrapPages: (read) => async (apiKeyId, afterSeq, limit) => {
          const page = await read(apiKeyId, afterSeq, limit);
          if (apiKeyId === caller.record.id && produceAfterReadAt.delete(afterSeq)) {
            await produceEvent(kit, caller);
            producedAfter.push(afterSeq);
          }
          return page;
        },
      },
    );
    const stream = await openStream(small, caller, '?after=0');
    await stream.waitFor((events) => events.length >= 28);
    expect(producedAfter).toEqual([0, 4, 12, 24]);
    // One live event more: a stream sends in seq order, so a duplicate of any earlier event would come before it.
    await produce(caller, 1);
    await stream.waitFor((events) => events.length >= 29);
    expect(seqs(stream.events)).toEqual(range(1, 29));
  });

  it('resumes after Last-Event-ID with exactly the events it missed, then goes on live', async () => {
    const caller = await createStreamCaller(kit);
    const first = await openStream(replica, caller);
    await produce(caller, 3);
    await first.waitFor((events) => events.length === 3);
    first.close();
    await produce(caller, 4);
    const resumed = await openStream(replica, caller, '', { 'Last-Event-ID': first.events.at(-1)!.id! });
    await resumed.waitFor((events) => events.length === 4);
    await produce(caller, 1);
    await resumed.waitFor((events) => events.length === 5);
    expect(seqs(first.events)).toEqual([1, 2, 3]);
    expect(seqs(resumed.events)).toEqual([4, 5, 6, 7, 8]);
  });

  it('delivers an event committed through one replica to a stream held by another replica on the same broker', async () => {
    const caller = await createStreamCaller(kit);
    const [first, second] = [await kit.startReplica(), await kit.startReplica()];
    const onSecond = await openStream(second, caller);
    const onFirst = await openStream(first, caller);
    // Committed and published by the first replica's own connection; the second learns of it only via the broker.
    await produceEvent(kit, caller, first.outbox);
    await produceEvent(kit, caller, first.outbox);
    await Promise.all([
      onFirst.waitFor((events) => events.length === 2),
      onSecond.waitFor((events) => events.length === 2),
    ]);
    expect(seqs(onSecond.events)).toEqual([1, 2]);
    expect(onSecond.events.map((e) => e.data)).toEqual(onFirst.events.map((e) => e.data));
  });

  it("never sends another key's events, not even another key of the same user", async () => {
    const caller = await createStreamCaller(kit);
    const stranger = await createStreamCaller(kit);
    const stream = await openStream(replica, caller);
    await produceEvent(kit, stranger);
    const own = await produceEvent(kit, caller);
    await produceEvent(kit, stranger);
    await stream.waitFor((events) => events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events).toHaveLength(1);
    expect(JSON.parse(stream.events[0]!.data)).toMatchObject({ data: { tradeId: own.id } });
  });

  it('sends only the events ?types= and ?marketId= select, the others of the key never', async () => {
    const caller = await createStreamCaller(kit);
    const other = await insertTestMarket(kit.database.db, { outcomes: ['Y', 'N'] });
    const open = (query: string) => openStream(replica, caller, query);
    const [completed, onMarket, completedOnMarket, onOther] = await Promise.all([
      open('?types=trade.completed'),
      open(`?marketId=${kit.marketId}`),
      open(`?types=trade.completed&marketId=${kit.marketId}`),
      open(`?marketId=${other.id}`),
    ]);
    const finish = async (marketId: string, outcome: 'completed' | 'failed') =>
      (await finishTrade(kit, await placePendingTrade(kit, caller, { marketId }), outcome)).id;
    // Seq 1..5. A stream sends in seq order, so once its last match arrived, nothing before it can still come:
    // seq 4 is the last match of the first three streams, seq 5 that of the other market's.
    const trades = [
      await finish(kit.marketId, 'failed'),
      await finish(other.id, 'completed'),
      await finish(other.id, 'failed'),
      await finish(kit.marketId, 'completed'),
      await finish(other.id, 'failed'),
    ];
    await Promise.all([
      completed.waitFor((events) => events.some((event) => event.id === '4')),
      onMarket.waitFor((events) => events.some((event) => event.id === '4')),
      completedOnMarket.waitFor((events) => events.some((event) => event.id === '4')),
      onOther.waitFor((events) => events.some((event) => event.id === '5')),
    ]);
    const sent = (stream: SseTestClient) =>
      stream.events.map((event) => {
        const envelope = JSON.parse(event.data) as { type: string; data: { tradeId: string; marketId: string } };
        return [Number(event.id), envelope.type, envelope.data.tradeId, envelope.data.marketId];
      });
    expect(sent(completed)).toEqual([
      [2, 'trade.completed', trades[1], other.id],
      [4, 'trade.completed', trades[3], kit.marketId],
    ]);
    expect(sent(onMarket)).toEqual([
      [1, 'trade.failed', trades[0], kit.marketId],
      [4, 'trade.completed', trades[3], kit.marketId],
    ]);
    expect(sent(completedOnMarket)).toEqual([[4, 'trade.completed', trades[3], kit.marketId]]);
    expect(sent(onOther)).toEqual([
      [2, 'trade.completed', trades[1], other.id],
      [3, 'trade.failed', trades[2], other.id],
      [5, 'trade.failed', trades[4], other.id],
    ]);
  });

  it('answers 429 beyond the open streams allowed per user, and a slot frees when a stream closes', async () => {
    const limited = await kit.startReplica({ maxStreamsPerUser: 2 });
    const caller = await createStreamCaller(kit);
    const one = await openStream(limited, caller);
    await openStream(limited, caller);
    const third = await openStream(limited, caller);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body())).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    // Retry-After: until the oldest open stream's lease (3 heartbeats of 15 s) ends, in whole seconds.
    const retryAfter = Number(third.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(30);
    expect(retryAfter).toBeLessThanOrEqual(45);
    const validator = createResponseValidator();
    const observed = { status: 429, headers: headersOf(third), text: third.body() };
    expect(validator.responseErrors('streamEvents', observed)).toEqual([]);
    one.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await openStream(limited, caller)).status).toBe(200);
  });

  it('gives the slot back at once when the start point cannot be read, so the next open is not refused', async () => {
    const limited = await kit.startReplica({ maxStreamsPerUser: 1 });
    const caller = await createStreamCaller(kit);
    const { db } = kit.database;
    // The key's last event sequence (the live start point) cannot be read while its column is away.
    await db.raw('ALTER TABLE api_keys RENAME COLUMN last_webhook_seq TO last_webhook_seq_away');
    let failed: SseTestClient;
    try {
      failed = await openStream(limited, caller);
    } finally {
      await db.raw('ALTER TABLE api_keys RENAME COLUMN last_webhook_seq_away TO last_webhook_seq');
    }
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body())).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect((await openStream(limited, caller)).status).toBe(200);
  });

  it('ends the stream with a final API_KEY_REVOKED event within 5 s of the revocation', async () => {
    const caller = await createStreamCaller(kit);
    const stream = await openStream(replica, caller);
    await revokeApiKey(kit.database.db, caller.record.id, new Date());
    const revokedAt = Date.now();
    await stream.ended;
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
    expect(stream.events.at(-1)).toMatchObject({ event: 'stream.error' });
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ code: 'API_KEY_REVOKED' });
  });

  it('ends the stream with a final API_KEY_EXPIRED event once the key expires', async () => {
    const caller = await createStreamCaller(kit);
    const stream = await openStream(replica, caller);
    await kit.database.db('api_keys').where({ id: caller.record.id }).update({ expires_at: new Date() });
    await stream.ended;
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ code: 'API_KEY_EXPIRED' });
  });

  it('cuts off a reader that stopped reading, its server-side buffer never above the bound', async () => {
    const logLines: string[] = [];
    const bound = 32 * 1024;
    const strict = await kit.startReplica({ maxBufferedBytes: bound, stallTimeoutMs: 500 }, { logLines });
    const caller = await createStreamCaller(kit);
    const stream = await openStream(strict, caller);
    stream.pause();
    // 120 events of ~64 KiB (7.5 MiB): far more than the socket buffers hold.
    const bulky = 'x'.repeat(64 * 1024);
    await kit.database.db.transaction(async (trx) => {
      for (let i = 0; i < 120; i += 1) {
        const id = prefixedId('evt', Date.now());
        await recordWebhookEvent(trx, caller.record.id, {
          id,
          type: 'trade.failed',
          apiVersion: '2026-04-29',
          tradeId: null,
          payload: { id, type: 'trade.failed', data: { bulky } },
          createdAt: new Date(),
        });
      }
    });
    await produceEvent(kit, caller);
    const stalledLine = () =>
      logLines
        .map((line) => JSON.parse(line) as { event?: string; bufferedBytes?: number })
        .find((line) => line.event === 'streams.reader_stalled');
    while (!stalledLine()) await new Promise((resolve) => setTimeout(resolve, 50));
    // The server let go of the connection: once the client reads again it finds the end, not 7.5 MiB.
    stream.resume();
    await stream.ended;
    expect(stream.bytes).toBeLessThan(120 * 64 * 1024);
    const stalled = stalledLine();
    expect(stalled).toBeDefined();
    // The bound plus at most the one event that crossed it.
    expect(stalled!.bufferedBytes).toBeLessThanOrEqual(bound + 70 * 1024);
  });

  it('ends open streams with ROUTE_DISABLED when the kill switch turns the route off', async () => {
    const switched = await kit.startReplica();
    const caller = await createStreamCaller(kit);
    const stream = await openStream(switched, caller);
    switched.switches.set(['GET /v1/events/stream']);
    await stream.ended;
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ code: 'ROUTE_DISABLED' });
    const refused = await openStream(switched, caller);
    expect(refused.status).toBe(503);
  });

  it('closes every stream with a short retry and SERVICE_SHUTTING_DOWN when the replica shuts down', async () => {
    const leaving = await kit.startReplica({ retryMs: 2_000, shutdownRetryMs: 250 });
    const caller = await createStreamCaller(kit);
    const streams = await Promise.all([openStream(leaving, caller), openStream(leaving, caller)]);
    const started = Date.now();
    await leaving.close();
    // Well inside the 5 s drain: the streams did not hold the shutdown.
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const stream of streams) {
      await stream.ended;
      expect(stream.retries).toEqual([2_000, 250]);
      expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ code: 'SERVICE_SHUTTING_DOWN' });
    }
  });

  it('refuses a Last-Event-ID that is not a sequence number (400) and a key without trades:read (403)', async () => {
    const caller = await createStreamCaller(kit);
    expect((await openStream(replica, caller, '', { 'Last-Event-ID': 'evt_abc' })).status).toBe(400);
    const noScope = await createStreamCaller(kit, ['markets:read']);
    expect((await openStream(replica, noScope)).status).toBe(403);
  });
});
