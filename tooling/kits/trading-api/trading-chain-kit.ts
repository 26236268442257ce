/*
 * A trading API kit on a real anvil chain: the platform deployed and recorded, one open on-chain market in MySQL,
 * and traders whose smart accounts hold test USDC. For the write routes, which check markets and funds on-chain.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { buyThroughAccount } from '../../../apps/chain-executor/src/chain/account-trades.js';
import {
  type ChainFixture,
  createListedFixtureMarket,
  createFundedAccount,
  recordFixtureDeployment,
  startChainFixture,
  USDC,
} from '#tooling/testing/chain-test-fixtures.js';
import type { TradingApiDeps } from '../../../apps/trading-api/src/app.js';
import {
  callAs,
  type CallResult,
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from './trading-api-test-kit.js';

export interface TradingChainKit {
  kit: TradingApiKit;
  fixture: ChainFixture;
  /** An OPEN market on chain, outcomes YES/NO. */
  marketId: string;
  market: Address;
  /** A caller (enterprise unless overridden) whose smart account holds `fundingUsdc` whole USDC. */
  createTrader(options?: TraderOptions): Promise<TestCaller & { account: Address }>;
  /** A create-trade body: a buy of `amount` on the kit's market (outcome 0), with `extra` members over it. */
  buyBody(amount: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /**
   * Outcome tokens bought for `account` with `usdcIn` straight on chain, past the API (no trade row, no cap), on the
   * kit's market unless `market` names another.
   */
  buyOnChain(
    account: Address,
    purchase: { outcomeIndex: number; usdcIn: bigint; market?: Address },
  ): ReturnType<typeof buyThroughAccount>;
  /** The executor's job messages of a trade in the outbox (one once it is queued). */
  tradeJobs(tradeId: string): Promise<Array<Record<string, unknown>>>;
  /** POST /v1/trades as `caller`. */
  postTrade(caller: TestCaller, body: unknown, headers?: Record<string, string>): Promise<CallResult>;
  close(): Promise<void>;
}

export type TraderOptions = Parameters<typeof createCaller>[1] & { fundingUsdc?: bigint };

export async function startTradingChainKit(overrides: Partial<TradingApiDeps> = {}): Promise<TradingChainKit> {
  const fixture = await startChainFixture();
  const kit = await startTradingApiKit({ chainReader: () => Promise.resolve(fixture.reader), ...overrides });
  const db = kit.database.db;
  await recordFixtureDeployment(db, fixture);
  const { marketId, market } = await createListedFixtureMarket(fixture, db, {
    question: 'Will the trade execute?',
    category: 'chain',
  });
  return {
    kit,
    fixture,
    marketId,
    market,
    async createTrader(options = {}) {
      const { fundingUsdc = 1_000n, ...callerOptions } = options;
      const caller = await createCaller(kit, callerOptions);
      const { account } = await createFundedAccount(fixture, fundingUsdc * USDC);
      await db('users').where({ id: caller.userId }).update({ smart_account_address: account });
      return { ...caller, account };
    },
    buyBody: (amount, extra = {}) => ({ marketId, outcomeIndex: 0, amount, side: 'buy', ...extra }),
    buyOnChain: (account, { market: target = market, ...purchase }) =>
      buyThroughAccount(fixture.executor, {
        ...fixture.route,
        account,
        market: target,
        ...purchase,
        minTokensOut: 0n,
        tradeId: randomUUID(),
      }),
    tradeJobs: (tradeId) =>
      db('outbox').where({ exchange: 'trades' }).whereRaw("JSON_EXTRACT(payload, '$.tradeId') = ?", [tradeId]),
    postTrade: (caller, body, headers = {}) => callAs(kit, caller, 'POST', '/v1/trades', { body, headers }),
    async close() {
      await kit.close();
      await fixture.stop();
    },
  };
}
