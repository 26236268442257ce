import { resolveAnvilBinary, spawnAnvil } from './anvil-process.js';
import { killOnExit } from '../testing/deployable-process.js';

export interface LocalChain {
  rpcUrl: string;
  /** Stops anvil when we started it; a chain given by URL is left running. */
  stop(): Promise<void>;
}

/** Uses the chain at `rpcUrl` when given, else starts anvil from the npm package (or `anvilPath`) on `port`. */
export async function startLocalChain(options: {
  rpcUrl?: string | undefined;
  port: number;
  anvilPath?: string | undefined;
}): Promise<LocalChain> {
  if (options.rpcUrl) return { rpcUrl: options.rpcUrl, stop: async () => {} };
  const anvil = await spawnAnvil({ binary: resolveAnvilBinary(options.anvilPath), port: options.port });
  killOnExit(anvil.child);
  return { rpcUrl: anvil.rpcUrl, stop: anvil.stop };
}
