import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../repository-root.js';

const START_TIMEOUT_MS = 15_000;

/** The anvil binary: `anvilPath` when given, else the npm optional dependency for this platform. */
export function resolveAnvilBinary(anvilPath?: string): string {
  if (anvilPath) return anvilPath;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return path.join(repositoryRoot, 'node_modules', '@foundry-rs', `anvil-${process.platform}-${arch}`, 'bin', 'anvil');
}

export function missingAnvilError(binary: string, cause?: unknown): Error {
  return new Error(
    `anvil (Foundry) was not found at ${binary}. Install it with \`npm ci\` (optional dependency ` +
      `@foundry-rs/anvil-<platform>, published for linux/macOS on amd64/arm64), install Foundry and point ` +
      `ANVIL_PATH at its anvil binary, or set CHAIN_RPC_URL (TEST_CHAIN_RPC_URL for tests) to a running chain.`,
    { cause },
  );
}

export interface AnvilProcess {
  child: ChildProcess;
  rpcUrl: string;
  stop(): Promise<void>;
}

export interface SpawnAnvilOptions {
  binary: string;
  /** 0 picks a free port. */
  port?: number;
  chainId?: number;
}

/** Spawns anvil and resolves with its URL once it prints the address it bound. */
export function spawnAnvil(options: SpawnAnvilOptions): Promise<AnvilProcess> {
  const { binary } = options;
  if (!existsSync(binary)) return Promise.reject(missingAnvilError(binary));
  const args = ['--port', String(options.port ?? 0), '--host', '127.0.0.1'];
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId));
  return new Promise((resolve, reject) => {
    // Own process group, like the deployables: the orchestrator (or the test harness) decides when it stops.
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`anvil did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    function fail(error: Error): void {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    child.once('error', (error) => fail(missingAnvilError(binary, error)));
    child.once('exit', (code) => fail(new Error(`anvil exited with code ${code} before listening:\n${output}`)));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      for (const stream of [child.stdout, child.stderr]) {
        stream?.removeAllListeners('data');
        stream?.resume(); // keep draining anvil's request log so it never blocks on a full pipe
      }
      resolve({ child, rpcUrl: `http://${match[1]}`, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
