/*
 * What every `npm run bench:*` script shares: free ports, server processes (each in its own child, optionally
 * CPU-profiled), the two baselines measured in the same run, and an autocannon measurement.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const BENCH_CONNECTIONS = 32;
const WARMUP_SECONDS = 3;

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each server process there (open it in Chrome DevTools). */

const profileDir = process.env.BENCH_PROFILE_DIR;

/** Runs a TypeScript server entry point in its own process (stdout discarded, stderr shown). */
export function startServerProcess(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitUntilServing(url: string, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within 30 s`);
}

export interface Baselines {
  node: string;
  express: string;
  processes: ChildProcess[];
}

/** Starts the bare node:http and the Express 5 JSON hello-worlds; returns their URLs once both answer. */
export async function startBaselines(): Promise<Baselines> {
  const helloServer = fileURLToPath(new URL('./hello-server.ts', import.meta.url));
  const [nodePort, expressPort] = await Promise.all([freePort(), freePort()]);
  const processes = [
    startServerProcess(helloServer, ['node', String(nodePort)]),
    startServerProcess(helloServer, ['express', String(expressPort)]),
  ];
  const baselines = { node: `http://127.0.0.1:${nodePort}/`, express: `http://127.0.0.1:${expressPort}/`, processes };
  await Promise.all([waitUntilServing(baselines.node), waitUntilServing(baselines.express)]);
  return baselines;
}

/** Warms up, then loads `url` for `seconds` at BENCH_CONNECTIONS connections. */
export async function measure(
  name: string,
  url: string,
  options: { seconds: number; headers?: Record<string, string> },
): Promise<Measurement> {
  const common = { url, connections: BENCH_CONNECTIONS, headers: options.headers ?? {} };
  await autocannon({ ...common, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...common, duration: options.seconds });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export interface Scenario extends Measurement {
  /** Required share of the Express hello-world's requests/s (with p99 < 25 ms and no non-2xx). */
  target: number;
}

/** Prints every measurement with its ratios to both baselines and a verdict; true when every target is met. */
export function reportAgainstBaselines(baselines: { node: Measurement; express: Measurement }, scenarios: Scenario[]) {
  const row = (measurement: Measurement, target?: number) => {
    const ofExpress = measurement.requestsPerSecond / baselines.express.requestsPerSecond;
    const met =
      target === undefined ? undefined : ofExpress >= target && measurement.p99 < 25 && measurement.non2xx === 0;
    return {
      scenario: measurement.name,
      'req/s': Math.round(measurement.requestsPerSecond),
      'p50 ms': measurement.p50,
      'p99 ms': measurement.p99,
      non2xx: measurement.non2xx,
      'vs node:http': `${(100 * (measurement.requestsPerSecond / baselines.node.requestsPerSecond)).toFixed(1)} %`,
      'vs express': `${(100 * ofExpress).toFixed(1)} %`,
      target: target === undefined ? '' : `≥ ${target * 100} % express, p99 < 25 ms`,
      met: met === undefined ? '' : met ? 'yes' : 'NO',
    };
  };
  const rows = [
    row(baselines.node),
    row(baselines.express),
    ...scenarios.map((scenario) => row(scenario, scenario.target)),
  ];
  console.table(rows);
  const allMet = rows.every((entry) => entry.met !== 'NO');
  console.log(allMet ? 'all targets met' : 'some targets NOT met');
  return allMet;
}
