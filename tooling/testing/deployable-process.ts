import { spawn, type ChildProcess } from 'node:child_process';
import { repositoryRoot } from '../repository-root.js';
import { freePort } from './free-port.js';

/**
 * Deployables as real processes for tests that kill and restart them (their own main.ts through tsx, as `npm start`
 * runs them) on a free port of 127.0.0.1; stderr is shown, stdout dropped. `killAll` ends whatever still runs.
 */
export interface TestDeployables {
  start(entry: string, env: Record<string, string>): Promise<ChildProcess>;
  killAll(): void;
}

export function testDeployables(): TestDeployables {
  const running = new Set<ChildProcess>();
  return {
    async start(entry, env) {
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: repositoryRoot,
        // The child reads its settings from the environment, like a deployed process.
        env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      running.add(child);
      child.once('exit', () => running.delete(child));
      return child;
    },
    killAll() {
      for (const child of running) child.kill('SIGKILL');
    },
  };
}
