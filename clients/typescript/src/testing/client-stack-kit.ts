/*
 * The running stack the client's tests talk to: the in-process stack (tooling's sandbox stack: the real trading API
 * on its own MariaDB database, Redis prefix and anvil with an open market, its stream hub fed by trade notices, and
 * the chain executor's trade workers executing trades on the chain, as `npm start` wires them). Never import
 * outside tests.
 */
import type { TestCaller } from '../../../../tooling/kits/trading-api/trading-api-test-kit.js';
import type { TradingChainKit } from '../../../../tooling/kits/trading-api/trading-chain-kit.js';
import { startSandboxStack } from '../../../../tooling/kits/chain-executor/sandbox-stack.js';
import type { Knex } from '../../../../shared/src/db/create-knex.js';
import { createForetellClient, type ForetellClient, type ForetellClientOptions } from '../client.js';

export interface ClientStack {
  /** The trading API's origin. */
  url: string;
  db: Knex;
  chain: TradingChainKit;
  /** An open on-chain market (outcomes YES/NO). */
  marketId: string;
  /** An enterprise test key whose smart account holds 1,000 USDC. */
  trader: TestCaller;
  /** A client of `trader` against `url` (or `options.baseUrl`). */
  clientOf(caller: TestCaller, options?: Partial<ForetellClientOptions>): ForetellClient;
  close(): Promise<void>;
}

export async function startClientStack(): Promise<ClientStack> {
  // A wide slippage guard: these suites are about the client, not slippage.
  const stack = await startSandboxStack({
    dispatcher: false,
    streams: true,
    tradeSettings: { TRADE_SLIPPAGE_BPS: 5_000 },
  });
  const { chain } = stack;
  return {
    url: chain.kit.url,
    db: chain.kit.database.db,
    chain,
    marketId: chain.marketId,
    trader: await chain.createTrader(),
    clientOf: (caller, options = {}) =>
      createForetellClient({
        baseUrl: chain.kit.url,
        apiKey: caller.key,
        // Each caller has its own documentation-range address (the kit's app trusts loopback proxies).
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          headers.set('X-Forwarded-For', caller.ip);
          return fetch(input, { ...init, headers });
        },
        ...options,
      }),
    close: () => stack.close(),
  };
}
