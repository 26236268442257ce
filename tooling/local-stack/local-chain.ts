import { createTestClient, http } from 'viem';
import { resolveAnvilBinary, spawnAnvil } from './anvil-process.js';
import { killOnExit } from '../testing/deployable-process.js';

export interface LocalChain {
  rpcUrl: string;
  /** Mines a block every `seconds` from now on (a transaction waits for the next one), as a real chain does. */
  mineEvery(seconds: number): Promise<void>;
  /** Stops anvil when we started it; a chain given by URL is left running. */
  stop(): Promise<void>;
}

/** Uses the chain at `rpcUrl` when given, else starts anvil from the npm package (or `anvilPath`) on `port`. */
export async function startLocalChain(options: {
  rpcUrl?: string | undefined;
  port: number;
  anvilPath?: string | undefined;
}): Promise<LocalChain> {
  if (options.rpcUrl) {
    return {
      rpcUrl: options.rpcUrl,
      mineEvery: () => Promise.reject(new Error('a chain given by URL keeps its own block time')),
      stop: async () => {},
    };
  }
  const anvil = await spawnAnvil({ binary: resolveAnvilBinary(options.anvilPath), port: options.port });
  killOnExit(anvil.child);
  const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
  return {
    rpcUrl: anvil.rpcUrl,
    mineEvery: (seconds) => testClient.setIntervalMining({ interval: seconds }),
    stop: anvil.stop,
  };
}
