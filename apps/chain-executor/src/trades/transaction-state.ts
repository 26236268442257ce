import { TransactionNotFoundError, type Hex } from 'viem';
import { toChainError, type ChainReader } from '#shared/chain/index.js';

/** Where a sent transaction is: waiting in the node's pool, mined (success or revert), or unknown to the node. */
export type TransactionState = 'pending' | 'mined' | 'unknown';

export async function readTransactionState(reader: ChainReader, hash: Hex): Promise<TransactionState> {
  try {
    const transaction = await reader.publicClient.getTransaction({ hash });
    return transaction.blockNumber === null ? 'pending' : 'mined';
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return 'unknown';
    throw toChainError(error);
  }
}
