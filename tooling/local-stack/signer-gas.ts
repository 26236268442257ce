import { parseEther, type Address } from 'viem';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';

/** Below this an executor signer gets ETH from the admin; a development chain's admin holds thousands. */
const LOW_BALANCE = parseEther('1');
const TOP_UP = parseEther('100');

/**
 * Sends ETH from the admin to each signer of the pool holding less than 1 ETH, so every executor replica can pay
 * for gas: anvil funds only its first 10 development accounts, and a pool for many replicas goes past them.
 * Returns how many signers it funded.
 */
export async function ensureSignerGas(admin: ChainWriter, signers: readonly Address[]): Promise<number> {
  let funded = 0;
  for (const signer of signers) {
    const balance = await withChainErrors(() => admin.publicClient.getBalance({ address: signer }));
    if (balance >= LOW_BALANCE) continue;
    await withChainErrors(async () => {
      const hash = await admin.walletClient.sendTransaction({ to: signer, value: TOP_UP });
      await admin.publicClient.waitForTransactionReceipt({ hash, timeout: admin.receiptTimeoutMs });
    });
    funded += 1;
  }
  return funded;
}
