import type { ChainReader } from '../../../../shared/src/chain/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';

/** The chain reader, connected on first use (a failed connection is retried by the next request). */
export type ChainSource = () => Promise<ChainReader>;

/** The reader, or 503 DEPENDENCY_UNAVAILABLE when this deployment has none or it cannot connect. */
export async function requireChain(chain: ChainSource | undefined): Promise<ChainReader> {
  if (!chain) throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'No chain is configured for this deployment.' });
  try {
    return await chain();
  } catch (error) {
    throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The chain is unavailable.', cause: error });
  }
}

/** A reader connected on first use; `close` ends it if it was ever opened. */
export function lazyChainSource(connect: () => Promise<ChainReader>): { get: ChainSource; close(): Promise<void> } {
  let pending: Promise<ChainReader> | undefined;
  return {
    get() {
      pending ??= connect().catch((error: unknown) => {
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
