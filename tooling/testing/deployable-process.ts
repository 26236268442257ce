/*
 * The one way tooling runs a deployable, or any other program, as a process of its own: `npm start`, the fault
 * suite, the benches, the kits and the tests that kill and restart one. A deployable runs from its sources through
 * tsx as `npm start` runs it, or (`build`) from the compiled build with the image's environment and node flags. Its
 * output is relayed with a prefix (thinned access log), appended to a file, or shown on stderr only; readiness is a
 * URL that answers; a stop is SIGTERM then SIGKILL after a grace, a kill SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_ENV, NODE_FLAGS } from '../build/build-deployables.js';
import { createLogRelay } from '../local-stack/log-relay.js';
import { repositoryRoot } from '../repository-root.js';
import { freePort } from './free-port.js';

export type ProcessOutput =
  /** Each line prefixed with the process's label; access-log lines beyond `accessLinesPerSecond` counted (0: all). */
  | { write(text: string): void; accessLinesPerSecond: number }
  | { file: string }
  /** stderr shown, stdout dropped (BENCH_SHOW_LOGS=1 shows stdout too). */
  | 'stderr'
  | 'quiet'
  /** stdout and stderr kept in `output()`. */
  | 'collect';

export interface ProcessSpec {
  name: string;
  /** A TypeScript entry (through tsx) or compiled JavaScript, relative to the repository (unused with `command`). */
  entry: string;
  args?: string[];
  /** A program other than node (a backing server), run with `args`. */
  command?: string;
  env?: Record<string, string>;
  /** The directory of `npm run build`: run apps/<name>/src/main.js from it, as the image does. */
  build?: string;
  output?: ProcessOutput;
  /** Its own process group (a terminal's Ctrl-C reaches only the orchestrator; stop() signals the whole group). */
  detached?: boolean;
  /** An IPC channel (child.send / process.send). */
  ipc?: boolean;
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal or when it could not start: see `startError`). */
  exited: Promise<number | null>;
  running(): boolean;
  startError(): string | undefined;
  /** What it printed ('collect' only); `all` both, in arrival order. */
  output(): { stdout: string; stderr: string; all: string };
  /** SIGTERM (to the group when detached), then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: it dies mid-work, nothing runs on its way out. */
  kill(): Promise<void>;
}

/** The prefix of a process's lines in the terminal, padded so the lines of every process align. */
export function processLabel(name: string): string {
  return `[${name}]`.padEnd(24);
}

// BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each node process there (open it in Chrome DevTools).
const profileDir = process.env.BENCH_PROFILE_DIR;

function commandOf(spec: ProcessSpec): { command: string; args: string[]; env: Record<string, string> } {
  if (spec.command) return { command: spec.command, args: spec.args ?? [], env: spec.env ?? {} };
  const app = /^apps\/([^/]+)\/src\/main\.ts$/.exec(spec.entry)?.[1];
  const compiled = spec.build && app ? join(spec.build, 'apps', app, 'src', 'main.js') : undefined;
  const script = compiled ?? spec.entry;
  const image = compiled ? { ...IMAGE_ENV, NODE_OPTIONS: (NODE_FLAGS[app ?? ''] ?? []).join(' ') } : {};
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return {
    command: process.execPath,
    args: [...profile, ...loader, script, ...(spec.args ?? [])],
    env: { ...image, ...spec.env },
  };
}

export function spawnProcess(spec: ProcessSpec): RunningProcess {
  const output = spec.output ?? 'stderr';
  const { command, args, env } = commandOf(spec);
  const file = typeof output === 'object' && 'file' in output ? openSync(output.file, 'a') : undefined;
  const showStdout = process.env.BENCH_SHOW_LOGS === '1' ? 'inherit' : 'ignore';
  const streams: Array<'inherit' | 'ignore' | 'pipe' | number> =
    file !== undefined
      ? [file, file]
      : output === 'stderr'
        ? [showStdout, 'inherit']
        : output === 'quiet'
          ? ['ignore', 'ignore']
          : ['pipe', 'pipe'];
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    // The child reads its settings from the environment, like a deployed process: the operator's, plus ours.
    env: { ...process.env, ...env },
    stdio: ['ignore', ...streams, ...(spec.ipc ? ['ipc' as const] : [])],
    detached: spec.detached ?? false,
  });
  if (file !== undefined) closeSync(file);
  killOnExit(child, spec.detached ?? false);
  const collected = { stdout: '', stderr: '', all: '' };
  if (output === 'collect') {
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream]?.on('data', (chunk: Buffer) => {
        collected[stream] += chunk.toString('utf8');
        collected.all += chunk.toString('utf8');
      });
    }
  } else if (typeof output === 'object' && 'write' in output) {
    for (const stream of [child.stdout, child.stderr]) {
      const relay = createLogRelay({ ...output, label: processLabel(spec.name) });
      stream?.on('data', (chunk: Buffer) => relay.push(chunk));
      stream?.once('end', () => relay.flush());
    }
  }
  let exitCode: number | null | undefined;
  let startError: string | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve((exitCode = code)));
    child.once('error', (error: NodeJS.ErrnoException) => {
      startError = error.code === 'ENOENT' ? `${command} not installed` : error.message;
      resolve((exitCode = null));
    });
  });
  const running = () => exitCode === undefined;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (spec.detached && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // gone already
    }
  };
  return {
    name: spec.name,
    child,
    exited,
    running,
    startError: () => startError,
    output: () => collected,
    async stop(graceMs = 15_000) {
      if (!running()) return;
      signal('SIGTERM');
      const force = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
    async kill() {
      if (!running()) return;
      signal('SIGKILL');
      await exited;
    },
  };
}

/** Polls `url` until `answers(status)` (default: 200), the process exits, or `deadline` (epoch ms) passes. */
export async function waitUntilAnswering(
  url: string,
  options: {
    process?: RunningProcess;
    deadline?: number;
    answers?: (status: number) => boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<void> {
  const deadline = options.deadline ?? Date.now() + 30_000;
  const answers = options.answers ?? ((status: number) => status === 200);
  while (Date.now() < deadline) {
    if (options.process && !options.process.running()) {
      const code = await options.process.exited;
      throw new Error(`${options.process.name} exited with code ${code} during start-up`);
    }
    const status = await fetch(url, { headers: options.headers ?? {}, signal: AbortSignal.timeout(5_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (answers(status)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${options.process?.name ?? url} did not answer at ${url} in time`);
}

/** Last resort if the orchestrator dies without its orderly stop: never leave a child behind. */
export function killOnExit(child: ChildProcess, group = false): void {
  process.once('exit', () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // gone already
    }
  });
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point to completion and collects its output (SIGKILL and a rejection after `timeoutMs`). */
export async function runTypeScript(
  entry: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<ProcessResult> {
  const run = spawnProcess({ name: entry, entry, args, env, output: 'collect' });
  const timer = setTimeout(() => void run.kill(), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  const { stdout, stderr } = run.output();
  if (code === null && run.child.signalCode === 'SIGKILL') {
    throw new Error(`${entry} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`);
  }
  return { code, stdout, stderr };
}

/**
 * Deployables of one test file as real processes (their main.ts through tsx, as `npm start` runs them) on a free
 * port of 127.0.0.1 unless `PORT` is given; stderr is shown, stdout dropped. `killAll` ends whatever still runs.
 */
export function testDeployables(): {
  start(entry: string, env: Record<string, string>): Promise<ChildProcess>;
  killAll(): void;
} {
  const running = new Set<RunningProcess>();
  return {
    async start(entry, env) {
      const started = spawnProcess({
        name: entry,
        entry,
        env: { PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
      });
      running.add(started);
      void started.exited.then(() => running.delete(started));
      return started.child;
    },
    killAll() {
      for (const started of running) void started.kill();
    },
  };
}
