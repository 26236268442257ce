/*
 * The deployables of a fault stack as real processes, each started like `npm start` does (its main.ts through
 * tsx, settings from the environment) and logging to a file of the stack's directory. A test kills one with
 * SIGKILL mid-work and starts it again, and reads its /ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { killOnExit } from '../local-stack/deployable-processes.js';
import { repositoryRoot } from '../repository-root.js';
import { waitFor } from '../testing/messaging/wait-for.js';
import { freePort } from '../testing/free-port.js';

export interface ReadyReport {
  status: number;
  checks: Record<string, string>;
}

export interface FaultDeployable {
  name: string;
  url: string;
  start(): Promise<void>;
  /** Starts it unless it runs (a test that failed after a kill leaves the next one a whole stack). */
  ensureRunning(): Promise<void>;
  /** SIGKILL: the process dies mid-work, nothing runs on its way out. */
  kill(): Promise<void>;
  ready(): Promise<ReadyReport>;
  /** Waits until /ready answers 200 (every dependency reachable). */
  waitUntilReady(timeoutMs?: number): Promise<void>;
}

export interface FaultDeployableSpec {
  name: string;
  entry: string;
  readyPath: string;
  env: Record<string, string>;
  logDirectory: string;
}

export async function faultDeployable(spec: FaultDeployableSpec): Promise<FaultDeployable> {
  let port = await freePort();
  const urlOf = () => `http://127.0.0.1:${port}`;
  const logFile = path.join(spec.logDirectory, `${spec.name}.log`);
  let child: ChildProcess | undefined;

  const ready = async (): Promise<ReadyReport> => {
    const response = await fetch(`${urlOf()}${spec.readyPath}`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { checks?: Record<string, string> };
    return { status: response.status, checks: body.checks ?? {} };
  };

  /** Starts the process and waits until it answers; false when it died because its port was taken. */
  const startOnce = async (): Promise<boolean> => {
    if (child) throw new Error(`${spec.name} is already running`);
    const log = openSync(logFile, 'a');
    child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
      cwd: repositoryRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...spec.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    killOnExit(child);
    const started = child;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    const deadline = Date.now() + 60_000;
    // Our app answers /ready 200 or 503; any other answer is another process on the port (a restart's old port
    // taken meanwhile): keep waiting until the child says EADDRINUSE and a new port is drawn.
    const answersAsOurs = (report: ReadyReport | undefined) => report?.status === 200 || report?.status === 503;
    while (!answersAsOurs(await ready().catch(() => undefined))) {
      if (child !== started) {
        const tail = logTail(logFile);
        if (tail.includes('EADDRINUSE')) return false;
        throw new Error(`${spec.name} exited during start-up; the end of its log:\n${tail}`);
      }
      if (Date.now() > deadline) throw new Error(`${spec.name} did not answer on ${urlOf()} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  };

  const deployable: FaultDeployable = {
    name: spec.name,
    get url() {
      return urlOf();
    },
    async ensureRunning() {
      if (!child) await deployable.start();
    },
    async start() {
      // A killed deployable's port is free until it starts again, and another process may take it meanwhile.
      for (let attempt = 1; !(await startOnce()); attempt++) {
        if (attempt === 3) throw new Error(`${spec.name} found its port taken three times`);
        port = await freePort();
      }
    },
    async kill() {
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    ready,
    async waitUntilReady(timeoutMs = 30_000) {
      await waitFor(`${spec.name} ready`, async () => (await ready()).status === 200, {
        timeoutMs,
        intervalMs: 100,
      });
    },
  };
  return deployable;
}

/** The last lines of a deployable's log, for the error that says it died (the stack's directory is removed after). */
function logTail(file: string, lines = 20): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
