/*
 * A backing server (mariadbd, redis-server, a RabbitMQ node) run by the fault suite itself: its own process group,
 * output to a log file, started and stopped on demand on the same port and data directory, so a test can restart
 * the real thing without touching the machine's shared instances.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { canConnect } from '../local-stack/service-probes.js';
import { spawnProcess, type RunningProcess } from '../testing/deployable-process.js';

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

const portAnswers = (port: number) => canConnect('127.0.0.1', port, 1_000);

export function serverProcess(spec: ServerProcessSpec): ServerProcess {
  let current: RunningProcess | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (current?.child.pid !== undefined) process.kill(-current.child.pid, signal);
    } catch {
      // the group is gone already
    }
  };
  return {
    running: () => current !== undefined,
    async start() {
      if (current) throw new Error(`${spec.name} is already running`);
      // Its own group: a stop reaches the server and every helper it forked (beam, erl_child_setup).
      const started = spawnProcess({
        name: spec.name,
        command: spec.command,
        entry: spec.command,
        args: spec.args,
        ...(spec.env ? { env: spec.env } : {}),
        output: { file: spec.logFile },
        detached: true,
      });
      current = started;
      const deadline = Date.now() + (spec.startTimeoutMs ?? 60_000);
      while (!(await portAnswers(spec.port))) {
        if (!started.running()) {
          current = undefined;
          const why = started.startError() ?? (await started.exited);
          throw new Error(`${spec.name} exited with ${why} while starting; see ${spec.logFile}`);
        }
        if (Date.now() > deadline) throw new Error(`${spec.name} did not listen on ${spec.port}; see ${spec.logFile}`);
        await sleep(100);
      }
    },
    async stop(signal = 'SIGTERM') {
      const running = current;
      if (!running) return;
      signalGroup(signal);
      const forceAt = Date.now() + 20_000;
      // The group leader may be a wrapper script: wait for the port too, which the real server holds.
      while (running.running() || (await portAnswers(spec.port))) {
        if (Date.now() > forceAt) signalGroup('SIGKILL');
        await (running.running() ? Promise.race([running.exited, sleep(100)]) : sleep(100));
      }
      current = undefined;
    },
  };
}
