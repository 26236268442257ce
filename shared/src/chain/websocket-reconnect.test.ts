/*
 * Regression (issue 17, found by the fault suite): a WebSocket chain client whose RPC was refused for longer than
 * viem's reconnect delay failed every request for good, with a 500-style INTERNAL_ERROR, even after the node was
 * back. It must answer DEPENDENCY_UNAVAILABLE while the RPC is down and read again once it is up.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTcpFaultProxy, type TcpFaultProxy } from '#tooling/faults/tcp-fault-proxy.js';
import { startTestChain, type TestChain } from '#tooling/testing/test-chain.js';
import { createChainClients, type ChainReader } from './chain-clients.js';
import { withChainErrors } from './chain-errors.js';

let chain: TestChain;
let proxy: TcpFaultProxy;
let reader: ChainReader;

beforeAll(async () => {
  chain = await startTestChain();
  proxy = await startTcpFaultProxy({ target: { host: '127.0.0.1', port: Number(new URL(chain.rpcUrl).port) } });
  reader = await createChainClients({ rpcUrl: `ws://127.0.0.1:${proxy.port}`, chainId: 31337, retryCount: 0 });
});

afterAll(async () => {
  await reader?.close();
  await proxy?.close();
  await chain?.stop();
});

const readBalance = () =>
  withChainErrors(() => reader.publicClient.getBalance({ address: chain.accounts[0]!, blockTag: 'latest' }));

describe('a WebSocket chain client', () => {
  it('answers DEPENDENCY_UNAVAILABLE while the RPC refuses connections and reads again once it is back', async () => {
    expect(await readBalance()).toBeGreaterThan(0n);
    await proxy.refuse();
    // Several times viem's reconnect delay (200 ms): its own reconnection gives up meanwhile.
    await sleep(1_500);
    await expect(readBalance()).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', status: 503, retry: true });
    await expect(readBalance()).rejects.toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE' });

    await proxy.heal();
    let balance: bigint | undefined;
    for (let attempt = 0; attempt < 50 && balance === undefined; attempt += 1) {
      balance = await readBalance().catch(() => sleep(100).then(() => undefined));
    }
    expect(balance).toBeGreaterThan(0n);
  });

  it('opens a fresh socket for the next request after its connection was closed while idle', async () => {
    expect(await readBalance()).toBeGreaterThan(0n);
    proxy.cut();
    await sleep(100);
    expect(await readBalance()).toBeGreaterThan(0n);
  });
});
