import type { ChainReader } from '#shared/chain/chain-clients.js';
import type { ChainSource } from '#shared/chain/lazy-chain-reader.js';
import { AppError } from '#shared/errors/app-error.js';

export type { ChainSource } from '#shared/chain/lazy-chain-reader.js';

/** The reader, or 503 DEPENDENCY_UNAVAILABLE when this deployment has no chain or cannot reach it. */
export async function requireChain(chain: ChainSource | undefined): Promise<ChainReader> {
  if (!chain) throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'No chain is configured for this deployment.' });
  return chain();
}
