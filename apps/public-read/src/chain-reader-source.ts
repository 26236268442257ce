import {
  createChainClients,
  type ChainClientOptions,
  type ChainReader,
} from '../../../shared/src/chain/chain-clients.js';

/**
 * The chain reader of the quote endpoint, connected on first use: public-read starts and serves every other endpoint
 * while the RPC is down, and a failed connection is retried by the next quote (503 DEPENDENCY_UNAVAILABLE meanwhile).
 */
export function lazyChainReader(options: ChainClientOptions): {
  get: () => Promise<ChainReader>;
  close: () => Promise<void>;
} {
  let pending: Promise<ChainReader> | undefined;
  return {
    get() {
      pending ??= createChainClients(options).catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
    async close() {
      const reader = await pending?.catch(() => undefined);
      await reader?.close();
    },
  };
}
