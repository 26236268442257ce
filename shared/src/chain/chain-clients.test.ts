import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Address } from 'viem';
import { buyThroughAccount } from '../../../apps/chain-executor/src/chain/account-trades.js';
import { readOutcomeBalances } from './balances.js';
import { createChainClients, pingChain } from './chain-clients.js';
import {
  anvilPrivateKey,
  createFixtureMarket,
  createFundedAccount,
  USDC,
  type ChainFixture,
} from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { readMarketState } from './market-reads.js';

let fixture: ChainFixture;
let market: Address;

useChainFixture(async (started) => {
  fixture = started;
  ({ market } = await createFixtureMarket(fixture));
});

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createChainClients', () => {
  it('learns the chain id from the RPC and polls fast on a local chain', async () => {
    const reader = await createChainClients({ rpcUrl: fixture.chain.rpcUrl });
    expect(reader.chain.id).toBe(31337);
    expect(reader.pollingIntervalMs).toBe(20);
    expect('walletClient' in reader).toBe(false);
    const writer = await createChainClients({ rpcUrl: fixture.chain.rpcUrl, privateKey: anvilPrivateKey(5) });
    expect(writer.account.address).toBe(fixture.chain.accounts[5]);
    expect(await pingChain(reader)).toBe(true);
  });

  it('reads over a WebSocket transport and closes it', async () => {
    const reader = await createChainClients({ rpcUrl: fixture.chain.rpcUrl.replace(/^http/, 'ws'), chainId: 31337 });
    expect(await readMarketState(reader, market)).toBe('OPEN');
    await reader.close();
  });

  it('runs 20 concurrent buys for 20 accounts from one executor key, all mined with distinct nonces', async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => createFundedAccount(fixture, 100n * USDC)));
    const before = await fixture.reader.publicClient.getTransactionCount({ address: fixture.executor.account.address });
    const results = await Promise.all(
      accounts.map(({ account }, i) =>
        buyThroughAccount(fixture.executor, {
          ...fixture.route,
          account,
          market,
          outcomeIndex: i % 2,
          usdcIn: 10n * USDC,
          minTokensOut: 0n,
          tradeId: randomUUID(),
        }),
      ),
    );
    expect(new Set(results.map((result) => result.txHash)).size).toBe(20);
    const nonces = await Promise.all(
      results.map(async ({ txHash }) => (await fixture.reader.publicClient.getTransaction({ hash: txHash })).nonce),
    );
    expect(new Set(nonces).size).toBe(20);
    const after = await fixture.reader.publicClient.getTransactionCount({ address: fixture.executor.account.address });
    expect(after - before).toBe(20);
    for (const [i, { account }] of accounts.entries()) {
      const balances = await readOutcomeBalances(fixture.reader, { market, account });
      expect(balances[i % 2]).toBe(results[i]!.amountOut);
    }
  });
});

describe('an unreachable RPC', () => {
  it('fails client creation with DEPENDENCY_UNAVAILABLE when the chain id must be asked', async () => {
    const rpcUrl = `http://127.0.0.1:${await closedPort()}`;
    await expect(createChainClients({ rpcUrl, retryCount: 0 })).rejects.toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      status: 503,
      retry: true,
    });
  });

  it('fails reads and sends with DEPENDENCY_UNAVAILABLE (retry true) when the chain id is configured', async () => {
    const rpcUrl = `http://127.0.0.1:${await closedPort()}`;
    const writer = await createChainClients({ rpcUrl, chainId: 31337, privateKey: anvilPrivateKey(1), retryCount: 0 });
    await expect(readMarketState(writer, market)).rejects.toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      retry: true,
    });
    const buy = buyThroughAccount(writer, {
      ...fixture.route,
      account: fixture.chain.accounts[9]!,
      market,
      outcomeIndex: 0,
      usdcIn: USDC,
      minTokensOut: 0n,
      tradeId: randomUUID(),
    });
    await expect(buy).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', retry: true });
  });
});
