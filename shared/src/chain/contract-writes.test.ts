/*
 * A contract write's broadcast against a real anvil, through a local JSON-RPC proxy that can lose the answer to a
 * broadcast after anvil took it: a send whose fate is unknown is watched by its hash; one refused before it went out
 * gives its nonce back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseGwei, type Hex } from 'viem';
import { testUsdcAbi } from '../../contracts/artifacts/index.js';
import { AppError } from '../errors/app-error.js';
import { createChainClients, withSigner, type ChainWriter } from './chain-clients.js';
import { anvilPrivateKey, type ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import { useChainFixture } from '#tooling/testing/chain-suite.js';
import { mayHaveBeenSent, sendContractWrite } from './contract-writes.js';

let fixture: ChainFixture;
useChainFixture(async (started) => {
  fixture = started;
});

/**
 * Forwards JSON-RPC to anvil; the answers to the next `lose` broadcasts are lost after anvil took them, and those
 * to the next `gatewayTimeouts` are a gateway's 504 with a JSON-RPC error body instead.
 */
function startLossyRpcProxy(target: string) {
  const state = { lose: 0, gatewayTimeouts: 0, broadcasts: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const broadcast = body.includes('"eth_sendRawTransaction"');
      if (broadcast) state.broadcasts += 1;
      void fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then(
        async (answer) => {
          const text = await answer.text();
          if (broadcast && state.lose > 0) {
            state.lose -= 1;
            request.socket.destroy();
            return;
          }
          if (broadcast && state.gatewayTimeouts > 0) {
            state.gatewayTimeouts -= 1;
            const { id } = JSON.parse(body) as { id: number };
            const error = { code: -32603, message: 'upstream request timeout' };
            response.writeHead(504, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify({ jsonrpc: '2.0', id, error }));
            return;
          }
          response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(text);
        },
        () => request.socket.destroy(),
      );
    });
  });
  return { server, state };
}

let proxy: ReturnType<typeof startLossyRpcProxy>;
let proxyUrl: string;
beforeAll(async () => {
  proxy = startLossyRpcProxy(fixture.chain.rpcUrl);
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.server.closeAllConnections();
  await new Promise((resolve) => proxy.server.close(resolve));
});

async function writerThroughProxy(key: number, fence?: () => Promise<void>): Promise<ChainWriter> {
  const reader = await createChainClients({ rpcUrl: proxyUrl, chainId: fixture.reader.chain.id });
  const writer = withSigner(reader, anvilPrivateKey(key), {
    replaceAfterBlocks: 1,
    maxFeePerGas: parseGwei('1000'),
    receiptTimeoutMs: 20_000,
    ...(fence ? { fence } : {}),
  });
  writer.resetNonce();
  return writer;
}

const approve = (writer: ChainWriter, amount: bigint) =>
  sendContractWrite(writer, {
    address: fixture.platform.usdc,
    abi: testUsdcAbi,
    functionName: 'approve',
    args: [fixture.treasury, amount],
  });
const nonceOf = (writer: ChainWriter) =>
  fixture.reader.publicClient.getTransactionCount({ address: writer.account.address, blockTag: 'latest' });

describe('a contract write whose broadcast', () => {
  it('lost its answer after the node took it: is watched by the hash signed here and settles with its receipt', async () => {
    const writer = await writerThroughProxy(9);
    const before = await nonceOf(writer);
    const sentAt = proxy.state.broadcasts;
    proxy.state.lose = 1;

    const receipt = await approve(writer, 7n);

    expect(receipt.status).toBe('success');
    expect(proxy.state.broadcasts - sentAt).toBe(1);
    expect(await nonceOf(writer)).toBe(before + 1);
  });

  it("got a gateway's 504 with a JSON-RPC error body after the node took it: is watched, not refused", async () => {
    const writer = await writerThroughProxy(7);
    const before = await nonceOf(writer);
    proxy.state.gatewayTimeouts = 1;

    const receipt = await approve(writer, 5n);

    expect(receipt.status).toBe('success');
    expect(await nonceOf(writer)).toBe(before + 1);
  });

  it('was dropped, and the answer to its re-send was lost: the re-send is watched and settles it at once', async () => {
    const writer = await writerThroughProxy(6);
    const before = await nonceOf(writer);
    const { testClient } = fixture.chain;
    const hashes: Hex[] = [];
    const sentAt = proxy.state.broadcasts;
    const receipt = await (async () => {
      await testClient.setAutomine(false);
      try {
        const sending = sendContractWrite(
          writer,
          { address: fixture.platform.usdc, abi: testUsdcAbi, functionName: 'approve', args: [fixture.treasury, 4n] },
          { onSent: (hash) => Promise.resolve(void hashes.push(hash)) },
        );
        let settled = false;
        void sending.then(
          () => (settled = true),
          () => (settled = true),
        );
        while (hashes.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        await testClient.dropTransaction({ hash: hashes[0]! });
        proxy.state.lose = 1;
        for (let block = 0; block < 20 && !settled; block += 1) {
          await testClient.mine({ blocks: 1 });
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        return await sending;
      } finally {
        await testClient.setAutomine(true);
      }
    })();

    expect(receipt.status).toBe('success');
    expect(hashes).toContain(receipt.transactionHash);
    expect(await nonceOf(writer)).toBe(before + 1);
    // The first send and its one re-send: no broadcast after the nonce was mined.
    expect(proxy.state.broadcasts - sentAt).toBe(2);
  }, 60_000);

  it('was refused before it went out: fails with no hash, and its nonce goes to the next send', async () => {
    let refuse = true;
    const writer = await writerThroughProxy(8, async () => {
      if (refuse)
        throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'Not signing: its lock could not be confirmed' });
    });
    const before = await nonceOf(writer);

    const refused = await approve(writer, 8n).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(mayHaveBeenSent(refused as AppError)).toBe(false);

    refuse = false;
    expect((await approve(writer, 9n)).status).toBe('success');
    expect(await nonceOf(writer)).toBe(before + 1);
  });
});
