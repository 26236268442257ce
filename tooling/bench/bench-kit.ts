/*
 * What every `npm run bench:*` script shares: free ports, server processes (each in its own child, optionally
 * CPU-profiled), the two baselines measured in the same run, and an autocannon measurement.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildDeployables } from '../build/build-deployables.js';
import { repositoryRoot } from '../repository-root.js';
import { spawnProcess, waitUntilAnswering } from '../testing/deployable-process.js';
import { freePort } from '../testing/free-port.js';

export const BENCH_CONNECTIONS = 32;

/** `--<name> N` on the command line, a positive number (or zero with `allowZero`); `fallback` when absent. */
export function numericFlag(
  name: string,
  fallback: number,
  argv: readonly string[] = process.argv,
  options: { allowZero?: boolean } = {},
): number {
  const index = argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !options.allowZero)) {
    throw new Error(`--${name} takes a ${options.allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
}

/** `--seconds N` on the command line (default 20, ten slices: 10 s swung ±5 points here): how long each target is measured, warm-up excluded. */
export function benchSeconds(argv: readonly string[] = process.argv): number {
  return numericFlag('seconds', 20, argv);
}

/** The p-th percentile (nearest rank) of ascending `sorted`; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const WARMUP_SECONDS = 3;

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The highest p99 of any slice. */
  worstP99: number;
  non2xx: number;
}

/**
 * Builds the deployables as the image does (`npm run build`, into .local/bench-build) and returns a starter for the
 * compiled entry point of one, with the image's environment and node flags: the benches measure what production
 * runs, not the sources under tsx. stdout is discarded (BENCH_SHOW_LOGS=1 shows it), stderr shown;
 * BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each process there.
 */
export function buildDeployablesForBench(): (app: string, env: Record<string, string>) => ChildProcess {
  const outDir = join(repositoryRoot, '.local', 'bench-build');
  console.log('building the deployables as the image does…');
  buildDeployables(outDir);
  return (app, env) => spawnProcess({ name: app, entry: `apps/${app}/src/main.ts`, build: outDir, env }).child;
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
    spawnProcess({ name: 'node:http', entry: helloServer, args: ['node', String(nodePort)] }).child,
    spawnProcess({ name: 'express', entry: helloServer, args: ['express', String(expressPort)] }).child,
  ];
  const baselines = { node: `http://127.0.0.1:${nodePort}/`, express: `http://127.0.0.1:${expressPort}/`, processes };
  await Promise.all([waitUntilAnswering(baselines.node), waitUntilAnswering(baselines.express)]);
  return baselines;
}

export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

const SLICE_SECONDS = 2;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Loads every target at BENCH_CONNECTIONS connections, interleaved: after a warm-up of each, round after round
 * gives each target one 2 s slice, and each figure is the median over its slices. This machine's speed drifts
 * by ±20 % over a minute (shared VM), so back-to-back runs of 10 s each compare a baseline measured in a fast
 * minute with a scenario measured in a slow one; interleaving exposes every target to the same drift.
 */
export async function measureInterleaved(targets: LoadTarget[], seconds: number): Promise<Measurement[]> {
  const load = (target: LoadTarget, duration: number) =>
    autocannon({ url: target.url, connections: BENCH_CONNECTIONS, headers: target.headers ?? {}, duration });
  for (const target of targets) await load(target, WARMUP_SECONDS);
  const slices = targets.map(() => [] as autocannon.Result[]);
  const rounds = Math.max(3, Math.round(seconds / SLICE_SECONDS));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) slices[index]!.push(await load(target, SLICE_SECONDS));
  }
  return targets.map((target, index) => {
    const results = slices[index]!;
    return {
      name: target.name,
      requestsPerSecond: median(results.map((result) => result.requests.average)),
      p50: median(results.map((result) => result.latency.p50)),
      p99: median(results.map((result) => result.latency.p99)),
      worstP99: Math.max(...results.map((result) => result.latency.p99)),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
  });
}

/** DESIGN.md §10: p99 below this at BENCH_CONNECTIONS connections. */
const P99_BOUND_MS = 25;

export interface Scenario extends Measurement {
  /** Required share of the Express hello-world's requests/s (with p99 < 25 ms and no non-2xx). */
  target: number;
}

/** Prints every measurement with its ratios to both baselines and a verdict; true when every target is met. */
export function reportAgainstBaselines(baselines: { node: Measurement; express: Measurement }, scenarios: Scenario[]) {
  const row = (measurement: Measurement, target?: number) => {
    const ofExpress = measurement.requestsPerSecond / baselines.express.requestsPerSecond;
    const met =
      target === undefined
        ? undefined
        : ofExpress >= target && measurement.p99 < P99_BOUND_MS && measurement.non2xx === 0;
    return {
      scenario: measurement.name,
      'req/s': Math.round(measurement.requestsPerSecond),
      'p50 ms': measurement.p50,
      'p99 ms': measurement.p99,
      'worst p99': measurement.worstP99,
      non2xx: measurement.non2xx,
      'vs node:http': `${(100 * (measurement.requestsPerSecond / baselines.node.requestsPerSecond)).toFixed(1)} %`,
      'vs express': `${(100 * ofExpress).toFixed(1)} %`,
      target: target === undefined ? '' : `≥ ${target * 100} % express, p99 < ${P99_BOUND_MS} ms`,
      met: met === undefined ? '' : met ? 'yes' : 'NO',
    };
  };
  const rows = [
    row(baselines.node),
    row(baselines.express),
    ...scenarios.map((scenario) => row(scenario, scenario.target)),
  ];
  console.table(rows);
  if (baselines.express.p99 >= P99_BOUND_MS * 0.8) {
    // In a closed loop the mean latency is connections ÷ throughput (Little's law): a scenario at half the Express
    // hello-world's throughput has twice its latency, so the p99 bound can only hold when the machine is fast.
    console.log(
      `note: the Express hello-world's own p99 is ${baselines.express.p99} ms on this machine right now; p99 < ${P99_BOUND_MS} ms at ${BENCH_CONNECTIONS} connections needs a faster machine, whatever the code`,
    );
  }
  const allMet = rows.every((entry) => entry.met !== 'NO');
  console.log(allMet ? 'all targets met' : 'some targets NOT met');
  return allMet;
}

/** Measures both baselines and every scenario interleaved (measureInterleaved), then prints the report. */
export async function measureAgainstBaselines(
  baselines: Baselines,
  scenarios: Array<LoadTarget & { target: number }>,
  seconds: number,
): Promise<boolean> {
  console.log(
    `measuring: ${BENCH_CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up each, then ${seconds} s each in interleaved ${SLICE_SECONDS} s slices`,
  );
  const [node, express, ...measured] = await measureInterleaved(
    [
      { name: 'node:http hello-world', url: baselines.node },
      { name: 'express hello-world', url: baselines.express },
      ...scenarios,
    ],
    seconds,
  );
  return reportAgainstBaselines(
    { node: node!, express: express! },
    measured.map((measurement, index) => ({ ...measurement, target: scenarios[index]!.target })),
  );
}
