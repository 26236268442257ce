import { AppError } from '../errors/app-error.js';
import { createChainClients, type ChainClientOptions, type ChainReader } from './chain-clients.js';

/** A chain reader obtained on demand; rejects with DEPENDENCY_UNAVAILABLE while the chain cannot be reached. */
export type ChainSource = () => Promise<ChainReader>;

export interface LazyChainReader {
  get: ChainSource;
  /** Closes the reader if it was ever opened. */
  close(): Promise<void>;
}

/**
 * Connects on first use, for APIs whose other routes must keep serving while the RPC is down: a failed connection
 * is not cached, so the next request tries again. `connect` defaults to createChainClients(options).
 */
export function createLazyChainReader(
  options: ChainClientOptions,
  connect: (options: ChainClientOptions) => Promise<ChainReader> = createChainClients,
): LazyChainReader {
  let pending: Promise<ChainReader> | undefined;
  return {
    get() {
      pending ??= connect(options).catch((error: unknown) => {
        pending = undefined;
        throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain is unavailable.', cause: error });
      });
      return pending;
    },
    async close() {
      const reader = await pending?.catch(() => undefined);
      await reader?.close();
    },
  };
}
