/*
 * The chain's own ceiling, measured in the same run as the trade bench: plain ETH transfers sent by one nonce-managed
 * account (as the executor sends) with the same number in flight, each awaited to its receipt. Trades/s over
 * transfers/s says how much of the chain's throughput the trade pipeline uses.
 */
import { createPublicClient, createWalletClient, http, nonceManager, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

export interface CeilingResult {
  transfersPerSecond: number;
  transfers: number;
  /** Transfers that never got a receipt (not counted). */
  failed: number;
}

export async function measureTransferCeiling(options: {
  rpcUrl: string;
  privateKey: Hex;
  concurrency: number;
  seconds: number;
}): Promise<CeilingResult> {
  const transport = http(options.rpcUrl, { fetchOptions: { keepalive: true }, retryCount: 0 });
  const account = privateKeyToAccount(options.privateKey, { nonceManager });
  const wallet = createWalletClient({ account, chain: foundry, transport, pollingInterval: 20 });
  const reader = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
  const to = privateKeyToAccount(`0x${'11'.repeat(32)}`).address;
  const deadline = Date.now() + options.seconds * 1000;
  let transfers = 0;
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < deadline) {
        try {
          const hash = await wallet.sendTransaction({ to, value: 1n, gas: 21_000n });
          await reader.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 5_000 });
          transfers += 1;
        } catch {
          // A transfer anvil dropped or never mined (seen now and then at this concurrency): not counted, and the
          // nonce is read afresh so no gap stalls the others.
          failed += 1;
          nonceManager.reset({ address: account.address, chainId: foundry.id });
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return { transfers, failed, transfersPerSecond: transfers / elapsed };
}
