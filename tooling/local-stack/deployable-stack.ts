/*
 * The one builder of a stack of deployables as processes, for `npm start`, the fault suite and the benches: which
 * deployables and how many replicas of each, the environment each gets, fixed ports (replica i on its base port +
 * 100·i) or free ones, output relayed with a prefix or written to a log file per process, from the sources (tsx)
 * or the compiled build. Each process is a ManagedDeployable: started, checked, killed and started again on demand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  spawnProcess,
  waitUntilAnswering,
  type ProcessOutput,
  type RunningProcess,
} from '../testing/deployable-process.js';
import { freePort } from '../testing/free-port.js';
import { planReplicas } from './replicas.js';

/** Every long-running deployable: its entry point, readiness path and default port. */
export const DEPLOYABLES = {
  'trading-api': { entry: 'apps/trading-api/src/main.ts', readyPath: '/v1/ready', port: 3000 },
  'public-read': { entry: 'apps/public-read/src/main.ts', readyPath: '/ready', port: 3001 },
  'chain-executor': { entry: 'apps/chain-executor/src/main.ts', readyPath: '/ready', port: 3002 },
  'webhook-dispatcher': { entry: 'apps/webhook-dispatcher/src/main.ts', readyPath: '/ready', port: 3003 },
} as const;
export type DeployableName = keyof typeof DEPLOYABLES;

/**
 * A deployable process that a stack starts, kills and starts again. It counts as started once its ready path
 * answers as our apps do (200 or 503), not when another process that took its port meanwhile answers; on a free
 * port (no fixed `port`), a start whose port was taken draws a new one.
 */
export interface ManagedDeployable {
  name: string;
  readonly url: string;
  /** The running process, if any (its `exited` tells an unexpected exit). */
  readonly process: RunningProcess | undefined;
  start(timeoutMs?: number): Promise<void>;
  /** Starts it unless it runs (a test that failed after a kill leaves the next one a whole stack). */
  ensureRunning(): Promise<void>;
  /** SIGKILL: it dies mid-work. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  ready(): Promise<{ status: number; checks: Record<string, string> }>;
  /** Waits until the ready path answers 200 (every dependency reachable); fails at once if the process exits. */
  waitUntilReady(timeoutMs?: number): Promise<void>;
}

interface ManagedDeployableSpec {
  name: string;
  entry: string;
  env: Record<string, string>;
  readyPath: string;
  /** A fixed port; without, a free one. */
  port?: number;
  output: ProcessOutput;
  build?: string;
}

async function managedDeployable(spec: ManagedDeployableSpec): Promise<ManagedDeployable> {
  let port = spec.port ?? (await freePort());
  let current: RunningProcess | undefined;
  const urlOf = () => `http://127.0.0.1:${port}`;
  const logTail = () =>
    typeof spec.output === 'object' && 'file' in spec.output
      ? readFileSync(spec.output.file, 'utf8').trimEnd().split('\n').slice(-20).join('\n')
      : '';
  /** False when it died because its (free) port was taken. */
  const startOnce = async (timeoutMs: number): Promise<boolean> => {
    if (current?.running()) throw new Error(`${spec.name} is already running`);
    const env = { ...spec.env, PORT: String(port) };
    const started = (current = spawnProcess({ ...spec, env, detached: true }));
    try {
      await waitUntilAnswering(`${urlOf()}${spec.readyPath}`, {
        process: started,
        deadline: Date.now() + timeoutMs,
        answers: (status) => status === 200 || status === 503,
      });
      return true;
    } catch (error) {
      const tail = logTail();
      if (spec.port === undefined && !started.running() && tail.includes('EADDRINUSE')) return false;
      throw new Error(`${spec.name} did not start${tail ? `; the end of its log:\n${tail}` : ''}`, { cause: error });
    }
  };
  const ready = async () => {
    const response = await fetch(`${urlOf()}${spec.readyPath}`, { signal: AbortSignal.timeout(5_000) });
    // cast: our apps' ready body, {status, checks}; a missing `checks` is read as none
    const body = (await response.json()) as { checks?: Record<string, string> };
    return { status: response.status, checks: body.checks ?? {} };
  };
  const deployable: ManagedDeployable = {
    name: spec.name,
    get url() {
      return urlOf();
    },
    get process() {
      return current;
    },
    async start(timeoutMs = 60_000) {
      // A killed deployable's port is free until it starts again, and another process may take it meanwhile.
      for (let attempt = 1; !(await startOnce(timeoutMs)); attempt++) {
        if (attempt === 3) throw new Error(`${spec.name} found its port taken three times`);
        port = await freePort();
      }
    },
    async ensureRunning() {
      if (!current?.running()) await deployable.start();
    },
    kill: async () => current?.kill(),
    stop: async (graceMs) => current?.stop(graceMs),
    ready,
    async waitUntilReady(timeoutMs = 30_000) {
      await waitUntilAnswering(`${urlOf()}${spec.readyPath}`, { deadline: Date.now() + timeoutMs, process: current });
    },
  };
  return deployable;
}

export interface DeployableStackOptions {
  /** Processes of each deployable (absent or 0: none). */
  replicas: Partial<Record<DeployableName, number>>;
  env(name: DeployableName): Record<string, string>;
  /** Replica 0's port of each (replica i on it + 100·i); without, every process on a free port. */
  ports?: Record<DeployableName, number>;
  /** Label-prefixed lines to a relay, or a log file per process in a directory. */
  output: Extract<ProcessOutput, { write(text: string): void }> | { logDirectory: string };
  /** The compiled build's directory (`npm run build`), else the sources through tsx. */
  build?: string;
}

export interface DeployableStack {
  sets: Record<DeployableName, ManagedDeployable[]>;
  all: ManagedDeployable[];
  /** Starts every process and waits until each is ready (200), within `timeoutMs`. */
  start(timeoutMs?: number): Promise<void>;
  /** SIGTERM to every process, SIGKILL to any still running after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  kill(): Promise<void>;
}

export async function createDeployableStack(options: DeployableStackOptions): Promise<DeployableStack> {
  const names = Object.keys(DEPLOYABLES) as DeployableName[]; // cast: the keys of DEPLOYABLES are its names
  const entries = await Promise.all(
    names.map(async (name) => {
      const { entry, readyPath, port } = DEPLOYABLES[name];
      const basePort = options.ports?.[name] ?? port;
      const planned = planReplicas([{ name, entry, port: basePort }], options.replicas[name] ?? 0, options.env(name));
      const set = await Promise.all(
        planned.map((replica) =>
          managedDeployable({
            ...replica,
            readyPath,
            ...(options.ports ? {} : { port: undefined }),
            output:
              'logDirectory' in options.output
                ? { file: path.join(options.output.logDirectory, `${replica.name}.log`) }
                : options.output,
            ...(options.build ? { build: options.build } : {}),
          }),
        ),
      );
      return [name, set] as const;
    }),
  );
  // cast: one entry per name of DEPLOYABLES, built just above
  const sets = Object.fromEntries(entries) as Record<DeployableName, ManagedDeployable[]>;
  const all = entries.flatMap(([, set]) => set);
  return {
    sets,
    all,
    async start(timeoutMs = 60_000) {
      await Promise.all(all.map((deployable) => deployable.start(timeoutMs)));
      await Promise.all(all.map((deployable) => deployable.waitUntilReady(timeoutMs)));
    },
    stop: async (graceMs = 15_000) => void (await Promise.all(all.map((deployable) => deployable.stop(graceMs)))),
    kill: async () => void (await Promise.all(all.map((deployable) => deployable.kill()))),
  };
}
