/*
 * `npm start` as a child process (its script through tsx, the environment's settings over the caller's), resolved
 * once it prints that the stack is up: for the test of `npm start` and the benches' `--stack=npm-start`.
 */
import { spawnProcess, type RunningProcess } from '../testing/deployable-process.js';

export interface NpmStartRun {
  process: RunningProcess;
  /** What it printed so far, stdout and stderr in arrival order. */
  output(): string;
}

export async function runNpmStart(env: Record<string, string>, timeoutMs: number): Promise<NpmStartRun> {
  const run = spawnProcess({
    name: 'npm start',
    entry: 'tooling/local-stack/start-local-stack.ts',
    env,
    output: 'collect',
  });
  const output = () => run.output().all;
  const deadline = Date.now() + timeoutMs;
  while (!output().includes('Foretell is up')) {
    if (!run.running()) throw new Error(`npm start exited early (${await run.exited}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`npm start was not up within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { process: run, output };
}
