/* The indexer announces indexed market changes to live streams (decision 0022): real anvil, MariaDB and RabbitMQ. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createFundedAccount } from '#tooling/testing/chain-test-fixtures.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createNoticeHub, marketTopic } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { suiteToken, testEnv } from '#tooling/testing/test-env.js';
import { startMarketIndexer, type RunningMarketIndexer } from './market-indexer.js';
import {
  buy,
  createLinkedMarket,
  marketRowOf,
  startIndexerTestbed,
  USDC,
  type IndexerTestbed,
} from '#tooling/kits/chain-executor/indexer-test-kit.js';

const prefix = `t_${suiteToken()}`;
const hub = createNoticeHub();
let testbed: IndexerTestbed;
let amqp: AmqpConnectionManager;
let subscriber: NoticeSubscriber;
let indexer: RunningMarketIndexer | undefined;

beforeAll(async () => {
  testbed = await startIndexerTestbed();
  amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix, logger: testbed.logger });
  await amqp.connect();
  subscriber = startNoticeSubscriber({
    url: testEnv.amqpUrl,
    prefix,
    bindingKeys: ['market.#'],
    hub,
    logger: testbed.logger,
  });
  expect(await subscriber.ready()).toBe(true);
});
afterAll(async () => {
  await indexer?.stop();
  await subscriber?.close();
  await amqp?.close();
  await deleteTestTopology(prefix).catch(() => undefined);
  await testbed?.close();
});

describe('market notices', () => {
  it('announces a traded market on the streams exchange once its trade is committed', async () => {
    const { marketId, market } = await createLinkedMarket(testbed);
    const { account } = await createFundedAccount(testbed.fixture);
    indexer = startMarketIndexer(
      { db: testbed.db, reader: testbed.fixture.reader, logger: testbed.logger, amqp },
      { pollMs: 100, maxBlockRange: 2_000, leaderRetryMs: 100 },
    );
    let wakes = 0;
    hub.subscribe(marketTopic(marketId), () => (wakes += 1));
    // The first wake-up ends the binding that the first listener asked for (a resync); then the notice.
    await waitFor('the notice queue to be bound', () => wakes === 1);
    await buy(testbed, { account: account!, market, outcomeIndex: 0, usdc: 5n * USDC });
    await waitFor('the market notice', () => wakes === 2);
    // The notice follows the commit: the market's aggregates already show the trade.
    const row = await marketRowOf(testbed.db, marketId);
    expect(BigInt(String(row.total_volume_atomic))).toBe(5n * USDC);
  });
});
