import { TransactionNotFoundError, type Hex, type Transaction } from 'viem';
import { toChainError } from '#shared/chain/chain-errors.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';

/**
 * A sent transaction as the node knows it: `blockNumber` is null while it waits in the node's pool; null when the
 * node does not know it.
 */
export async function readSentTransaction(reader: ChainReader, hash: Hex): Promise<Transaction | null> {
  try {
    return await reader.publicClient.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return null;
    throw toChainError(error);
  }
}
