/*
 * A backing server (mariadbd, redis-server, a RabbitMQ node) run by the fault suite itself: its own process group,
 * output to a log file, started and stopped on demand on the same port and data directory, so a test can restart
 * the real thing without touching the machine's shared instances.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import net from 'node:net';

export interface ServerProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  port: number;
  logFile: string;
  startTimeoutMs?: number;
}

export interface ServerProcess {
  start(): Promise<void>;
  /** SIGTERM: an orderly shutdown; SIGKILL: a crash. Resolves once the process group is gone and the port closed. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  running(): boolean;
}

export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

export function serverProcess(spec: ServerProcessSpec): ServerProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const killOnExit = () => child && signalGroup(child, 'SIGKILL');

  return {
    running: () => child !== undefined,
    async start() {
      if (child) throw new Error(`${spec.name} is already running`);
      const log = openSync(spec.logFile, 'a');
      const started = spawn(spec.command, spec.args, {
        env: { ...process.env, ...spec.env },
        stdio: ['ignore', log, log],
        // Its own group: a stop reaches the server and every helper it forked (beam, erl_child_setup).
        detached: true,
      });
      closeSync(log);
      child = started;
      process.once('exit', killOnExit);
      let exitCode: number | null | string | undefined;
      exited = new Promise((resolve) => {
        started.once('exit', (code) => {
          exitCode = code;
          resolve();
        });
        // A missing binary: no exit follows.
        started.once('error', (error: NodeJS.ErrnoException) => {
          exitCode = error.code === 'ENOENT' ? `${spec.command} not installed` : error.message;
          resolve();
        });
      });
      const deadline = Date.now() + (spec.startTimeoutMs ?? 60_000);
      while (!(await portAnswers(spec.port))) {
        if (exitCode !== undefined) {
          child = undefined;
          throw new Error(`${spec.name} exited with ${exitCode} while starting; see ${spec.logFile}`);
        }
        if (Date.now() > deadline) throw new Error(`${spec.name} did not listen on ${spec.port}; see ${spec.logFile}`);
        await pause(100);
      }
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      if (!running) return;
      signalGroup(running, signal);
      const forceAt = Date.now() + 20_000;
      // The group leader may be a wrapper script: wait for the port too, which the real server holds.
      while (running.exitCode === null && running.signalCode === null) {
        if (Date.now() > forceAt) signalGroup(running, 'SIGKILL');
        await Promise.race([exited, pause(100)]);
      }
      while (await portAnswers(spec.port)) {
        if (Date.now() > forceAt) signalGroup(running, 'SIGKILL');
        await pause(100);
      }
      process.removeListener('exit', killOnExit);
      child = undefined;
    },
  };
}
