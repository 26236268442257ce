import { spawn, type ChildProcess } from 'node:child_process';
import { createLogRelay } from './log-relay.js';
import { repositoryRoot } from '../repository-root.js';

export interface DeployableProcessSpec {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}

export interface DeployableProcess {
  spec: DeployableProcessSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface LogRelaySettings {
  /** Writes relayed text (complete lines, each ending in a newline). */
  write(text: string): void;
  /** Access-log lines printed per second (the rest are counted); 0 prints them all. */
  accessLinesPerSecond: number;
}

/** The prefix of a process's lines in the terminal, padded so the lines of every process align. */
export function processLabel(name: string): string {
  return `[${name}]`.padEnd(24);
}

/** Starts one deployable as its own Node process (TypeScript through tsx) with prefixed, readable logs. */
export function spawnDeployable(spec: DeployableProcessSpec, logs: LogRelaySettings): DeployableProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
    cwd: repositoryRoot,
    // The children read their own config from the environment: pass the operator's through, plus ours.
    env: { ...process.env, ...spec.env, PORT: String(spec.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a terminal's Ctrl-C reaches only the orchestrator, which then stops each child once.
    detached: true,
  });
  killOnExit(child);
  const label = processLabel(spec.name);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const relay = createLogRelay({ label, write: logs.write, accessLinesPerSecond: logs.accessLinesPerSecond });
    stream.on('data', (chunk: Buffer) => relay.push(chunk));
    stream.once('end', () => relay.flush());
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, exited };
}

/** Polls `/ready` until it answers 200, the process exits, or the deadline passes. */
export async function waitUntilReady(process: DeployableProcess, deadline: number): Promise<void> {
  let exitCode: number | null | undefined;
  void process.exited.then((code) => (exitCode = code));
  const url = `http://127.0.0.1:${process.spec.port}/ready`;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${process.spec.name} exited with code ${exitCode} during start-up`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${process.spec.name} was not ready at ${url} in time`);
}

/** SIGTERM to every child, then SIGKILL to any still running after `graceMs`. */
export async function stopDeployables(processes: DeployableProcess[], graceMs: number): Promise<void> {
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGTERM');
  const killTimer = setTimeout(() => {
    for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
  }, graceMs);
  await Promise.all(processes.map((p) => p.exited));
  clearTimeout(killTimer);
}

/** Last resort if the orchestrator dies without its orderly stop: never leave a detached child behind. */
export function killOnExit(child: ChildProcess): void {
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}
