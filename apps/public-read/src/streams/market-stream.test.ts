/* GET /api/markets/{id}/stream against real MariaDB, Redis and RabbitMQ: snapshot, live update, public errors. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { applyMarketChainStatus, insertMarket, type MarketChainStatus } from '#shared/db/markets/markets.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { runInTransactionWithOutbox } from '#shared/messaging/outbox.js';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { suiteToken, testEnv } from '#tooling/testing/test-env.js';
import { createOpenApiResponseValidator } from '#tooling/testing/openapi-response-validator.js';
import { openSseClient, type SseTestClient } from '#tooling/testing/sse-test-client.js';
import { publicReadDocument } from '../openapi/public-read-document.js';
import {
  createPublicReadSuite,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

const prefix = `t_${suiteToken()}`;
const logger = createLogger({ name: 'market-stream-test', level: 'silent' });
const hub = createNoticeHub();
let suite: PublicReadSuite;
let app: RunningPublicRead;
let amqp: AmqpConnectionManager;
let subscriber: NoticeSubscriber;
const clients: SseTestClient[] = [];

beforeAll(async () => {
  suite = await createPublicReadSuite();
  amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix, logger });
  await amqp.connect();
  subscriber = startNoticeSubscriber({ url: testEnv.amqpUrl, prefix, bindingKeys: ['market.#'], hub, logger });
  expect(await subscriber.ready()).toBe(true);
  app = await suite.start({ marketNotices: hub, marketStreams: { recheckMs: 60_000 } });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await suite?.destroy();
  await subscriber?.close();
  await amqp?.close();
  await deleteTestTopology(prefix).catch(() => undefined);
});

const open = async (marketId: string): Promise<SseTestClient> => {
  const client = await openSseClient(`${app.url}/api/markets/${marketId}/stream`);
  clients.push(client);
  return client;
};
const newMarket = async () =>
  (await insertMarket(suite.db, { question: 'Live?', category: 'misc', outcomes: ['YES', 'NO'] })).id;

/** What the indexer does for a trade: new aggregates and prices, and the market's notice, in one transaction. */
async function indexTrade(marketId: string, volumeCents: number, prices: [string, string]): Promise<void> {
  await runInTransactionWithOutbox(suite.db, amqp, async (trx, enqueue) => {
    await trx('markets')
      .where({ id: marketId })
      .update({
        total_volume_cents: volumeCents,
        total_volume_atomic: volumeCents * 10_000,
        trade_count: 1,
        current_prices: JSON.stringify(prices),
        current_probabilities: JSON.stringify(prices),
      });
    await enqueue({ exchange: EXCHANGES.streams, routingKey: `market.${marketId}`, payload: { marketId } });
  });
}

/** What the indexer does for a status change the chain reports: the market's status and its notice, in one transaction. */
async function indexStatusChange(change: MarketChainStatus): Promise<void> {
  await runInTransactionWithOutbox(suite.db, amqp, async (trx, enqueue) => {
    await applyMarketChainStatus(trx, change);
    await enqueue({
      exchange: EXCHANGES.streams,
      routingKey: `market.${change.marketId}`,
      payload: { marketId: change.marketId },
    });
  });
}

type MarketEvent = {
  market: { id: string; status: string; totalVolume: number; outcomes: Array<{ probability: number | null }> };
};

describe('GET /api/markets/{id}/stream', () => {
  it('sends a snapshot, then an update with the new prices and volume after a trade is indexed', async () => {
    const marketId = await newMarket();
    const stream = await open(marketId);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['access-control-allow-origin']).toBe('*');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    await stream.waitFor((events) => events.length === 1);
    expect(stream.events[0]).toMatchObject({ event: 'snapshot' });
    expect((JSON.parse(stream.events[0]!.data) as MarketEvent).market.id).toBe(marketId);

    await indexTrade(marketId, 1_250, ['600000000000000000', '400000000000000000']);
    await stream.waitFor((events) => events.length === 2, 5_000);
    const update = stream.events[1]!;
    expect(update.event).toBe('update');
    const market = (JSON.parse(update.data) as MarketEvent).market;
    expect(market.totalVolume).not.toBe((JSON.parse(stream.events[0]!.data) as MarketEvent).market.totalVolume);
    expect(market.outcomes.map((outcome) => outcome.probability)).toEqual([0.6, 0.4]);
  });

  it('sends an update with the new status when the indexer records a status change of the market', async () => {
    const marketId = await newMarket();
    const stream = await open(marketId);
    await stream.waitFor((events) => events.length === 1);
    expect((JSON.parse(stream.events[0]!.data) as MarketEvent).market.status).toBe('OPEN');

    await indexStatusChange({ marketId, status: 'FROZEN' });
    await stream.waitFor((events) => events.length === 2, 5_000);
    // Recorded after the first update was sent, with re-reads off: only its notice can bring this one.
    await indexStatusChange({ marketId, status: 'RESOLVED', winningOutcomes: [0], resolveTime: new Date() });
    await stream.waitFor((events) => events.length === 3, 5_000);
    const updates = stream.events.slice(1).map((event) => ({
      event: event.event,
      status: (JSON.parse(event.data) as MarketEvent).market.status,
    }));
    expect(updates).toEqual([
      { event: 'update', status: 'FROZEN' },
      { event: 'update', status: 'RESOLVED' },
    ]);
  });

  it('sends a named heartbeat event with empty JSON data on every keep-alive, which EventSource can observe', async () => {
    const beating = await suite.start({ marketNotices: hub, marketStreams: { heartbeatMs: 100, recheckMs: 60_000 } });
    const marketId = await newMarket();
    const stream = await openSseClient(`${beating.url}/api/markets/${marketId}/stream`);
    clients.push(stream);
    await stream.waitFor((events) => events.filter((event) => event.event === 'heartbeat').length >= 2, 5_000);
    expect(stream.events[0]).toMatchObject({ event: 'snapshot' });
    const heartbeats = stream.events.filter((event) => event.event === 'heartbeat');
    for (const heartbeat of heartbeats) expect(JSON.parse(heartbeat.data)).toEqual({});
  });

  it('answers an unknown market with the public 404 shape', async () => {
    const unknown = await open('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body())).toEqual({ error: 'Not Found' });
  });

  it('answers 429 beyond the open streams of one address, with retryAfter and Retry-After until the oldest lease ends', async () => {
    // Its own app behind a trusted proxy and an address of its own: no other test's stream holds one of its slots.
    const capped = await suite.start({
      marketNotices: hub,
      trustProxy: 'loopback',
      marketStreams: { maxStreamsPerIp: 2, recheckMs: 60_000 },
    });
    const openFrom = async (marketId: string): Promise<SseTestClient> => {
      const client = await openSseClient(`${capped.url}/api/markets/${marketId}/stream`, {
        'X-Forwarded-For': '203.0.113.7',
      });
      clients.push(client);
      return client;
    };
    const marketId = await newMarket();
    expect([(await openFrom(marketId)).status, (await openFrom(marketId)).status]).toEqual([200, 200]);
    const third = await openFrom(marketId);
    expect(third.status).toBe(429);
    const refusal = JSON.parse(third.body()) as { code: string; retryAfter: number };
    expect(refusal).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    // The first stream's lease (3 heartbeats of 15 s) has just begun: body and header say the same whole seconds.
    expect(Number.isInteger(refusal.retryAfter)).toBe(true);
    expect(refusal.retryAfter).toBeGreaterThanOrEqual(30);
    expect(refusal.retryAfter).toBeLessThanOrEqual(45);
    expect(third.headers['retry-after']).toBe(String(refusal.retryAfter));
    const validator = createOpenApiResponseValidator(publicReadDocument('1.0.0'), {
      documentId: 'https://foretell.invalid/api/openapi.json',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(third.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    expect(validator.responseErrors('streamMarket', { status: 429, headers, text: third.body() })).toEqual([]);
  });

  it("caps streams per client behind Google's load balancer: per address, an IPv6 client per /64, never per forged entry", async () => {
    const capped = await suite.start({
      marketNotices: hub,
      trustProxy: 'loopback',
      gatewayAppendedAddresses: 2, // the balancer appends `<client>,<its own address>`
      marketStreams: { maxStreamsPerIp: 1, recheckMs: 60_000 },
    });
    const marketId = await newMarket();
    const openAs = async (client: string, forged = '198.51.100.1'): Promise<number> => {
      const stream = await openSseClient(`${capped.url}/api/markets/${marketId}/stream`, {
        'X-Forwarded-For': `${forged},${client},34.120.0.9`,
      });
      clients.push(stream);
      return stream.status;
    };
    expect(await openAs('203.0.113.31')).toBe(200);
    expect(await openAs('203.0.113.31', '198.51.100.2')).toBe(429);
    expect(await openAs('203.0.113.32', '203.0.113.31')).toBe(200);
    expect(await openAs('2001:db8:31:1::1')).toBe(200);
    expect(await openAs('2001:db8:31:1::2')).toBe(429);
    expect(await openAs('2001:db8:31:2::1')).toBe(200);
  });
});
