/*
 * Test-only: a demo market that trades for real, for the browser suite. Its own anvil with the platform deployed, a
 * market contract linked to a markets row of the partner "Goal Line" (organization "Acme Sports"), the chain
 * executor's market indexer publishing market notices through RabbitMQ, and public-read fed by its own notice
 * subscription, on the suite's database and Redis, with kill switches the test flips. A buy goes on chain through a
 * funded smart account; the indexer turns it into prices, history and volume and announces it, as in `npm start`.
 */
import { randomUUID } from 'node:crypto';
import { buyThroughAccount } from '../../../../apps/chain-executor/src/chain/account-trades.js';
import {
  createListedFixtureMarket,
  createFundedAccount,
  startChainFixture,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { demoOrganizations, demoPartners } from '#tooling/local-stack/seed/demo-catalog.js';
import { createMutableRouteSwitches, type MutableRouteSwitches } from '#shared/kill-switch/route-switches.js';
import { createLogger } from '#shared/logger/logger.js';
import { createAmqpConnectionManager, type AmqpConnectionManager } from '#shared/messaging/connection-manager.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { startNoticeSubscriber, type NoticeSubscriber } from '#shared/streams/notice-subscriber.js';
import { deleteTestTopology } from '#tooling/testing/test-amqp.js';
import { suiteToken, testEnv } from '#tooling/testing/test-env.js';
import {
  startMarketIndexer,
  type RunningMarketIndexer,
} from '../../../../apps/chain-executor/src/indexer/market-indexer.js';
import {
  createPublicReadSuite,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '../public-read-test-kit.js';

export const DEMO_QUESTION = 'Will the Harbor City Herons win the final?';
export const [DEMO_ORGANIZATION, DEMO_PARTNER] = [demoOrganizations[0]!, demoPartners[0]!];

export interface LiveMarketKit {
  app: RunningPublicRead;
  suite: PublicReadSuite;
  switches: MutableRouteSwitches;
  marketId: string;
  /** Buys `usdc` whole test dollars of `outcomeIndex` on chain; resolves once public-read shows the trade. */
  buy(outcomeIndex: number, usdc: number): Promise<void>;
  close(): Promise<void>;
}

const logger = createLogger({ name: 'embed-browser-test', level: 'silent' });

export async function startLiveMarketKit(): Promise<LiveMarketKit> {
  const prefix = `t_${suiteToken()}`;
  const [suite, fixture] = await Promise.all([createPublicReadSuite(), startChainFixture()]);
  const resources: {
    fixture: ChainFixture;
    amqp?: AmqpConnectionManager;
    subscriber?: NoticeSubscriber;
    indexer?: RunningMarketIndexer;
  } = { fixture };
  const close = async (): Promise<void> => {
    await resources.indexer?.stop();
    await resources.subscriber?.close();
    await resources.amqp?.close();
    await deleteTestTopology(prefix).catch(() => undefined);
    await suite.destroy();
    await fixture.stop();
  };
  try {
    await createOrganization(suite.db, DEMO_ORGANIZATION);
    await createPartner(suite.db, DEMO_PARTNER);
    const { marketId, market } = await createListedFixtureMarket(fixture, suite.db, {
      question: DEMO_QUESTION,
      category: 'sports',
      organizationId: DEMO_ORGANIZATION.id,
      partnerId: DEMO_PARTNER.id,
    });
    const { account } = await createFundedAccount(fixture);

    const amqp = createAmqpConnectionManager({ url: testEnv.amqpUrl, prefix, logger });
    resources.amqp = amqp;
    await amqp.connect();
    const hub = createNoticeHub();
    resources.subscriber = startNoticeSubscriber({
      url: testEnv.amqpUrl,
      prefix,
      bindingKeys: ['market.#'],
      hub,
      logger,
    });
    if (!(await resources.subscriber.ready())) throw new Error('the market notice subscription did not start');
    resources.indexer = startMarketIndexer(
      { db: suite.db, reader: fixture.reader, logger, amqp },
      { pollMs: 100, maxBlockRange: 2_000, leaderRetryMs: 100 },
    );
    const switches = createMutableRouteSwitches([]);
    const app = await suite.start({ marketNotices: hub, routeSwitches: switches.switches });

    let trades = 0;
    return {
      app,
      suite,
      switches,
      marketId,
      async buy(outcomeIndex, usdc) {
        await buyThroughAccount(fixture.executor, {
          ...fixture.route,
          account,
          market,
          outcomeIndex,
          usdcIn: BigInt(usdc) * USDC,
          minTokensOut: 0n,
          tradeId: randomUUID(),
        });
        trades += 1;
        const expected = trades;
        await waitFor(`trade ${expected} indexed and served`, async () => {
          const { body } = await getJson<{ market: { tradeCount: number } }>(`${app.url}/api/markets/${marketId}`);
          return body.market.tradeCount >= expected;
        });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
