/*
 * Test-only: runs fuzz cases of one operation against a live app with fast-check, seeded and bounded in time,
 * collecting findings (deduplicated) and the statuses seen instead of stopping at the first: one run shows them all,
 * and the printed seed replays it (FUZZ_SEED, FUZZ_RUNS, FUZZ_TIME_MS override the defaults).
 */
import fc from 'fast-check';
import type { RawResponse } from './raw-http.js';
import type { FuzzCase } from './request-cases.js';
import type { Finding } from './response-invariants.js';

export interface FuzzSettings {
  seed: number;
  /** Cases per operation (at most: the time limit may stop earlier). */
  runsPerOperation: number;
  /** Wall-clock budget of one operation, spent once its first MINIMUM_RUNS cases were sent. */
  timeLimitMs: number;
  /** One case may take at most this long. */
  caseTimeoutMs: number;
}

export interface FuzzDefaults {
  runsPerOperation: number;
  /** Budget of the whole suite, shared evenly by its operations. */
  suiteBudgetMs: number;
  operations: number;
}

const positiveInteger = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${text}`);
  return value;
};

/** The suite's settings: env overrides, else the defaults (a fresh seed each run, printed by the caller). */
export function fuzzSettings(defaults: FuzzDefaults, env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const budget = positiveInteger('FUZZ_TIME_MS', env.FUZZ_TIME_MS) ?? defaults.suiteBudgetMs;
  return {
    seed: positiveInteger('FUZZ_SEED', env.FUZZ_SEED) ?? Math.floor(Math.random() * 2 ** 31),
    runsPerOperation: positiveInteger('FUZZ_RUNS', env.FUZZ_RUNS) ?? defaults.runsPerOperation,
    timeLimitMs: Math.max(500, Math.floor(budget / Math.max(1, defaults.operations))),
    caseTimeoutMs: 10_000,
  };
}

export interface OperationReport {
  operationId: string;
  runs: number;
  /** Status → count, over every case. */
  statuses: Record<number, number>;
  /** Status → count, over cases the document admits (nothing mutated). */
  admittedStatuses: Record<number, number>;
  findings: Finding[];
}

export interface FuzzOperationInput {
  operationId: string;
  cases: fc.Arbitrary<FuzzCase>;
  send: (fuzzCase: FuzzCase) => Promise<RawResponse>;
  check: (fuzzCase: FuzzCase, response: RawResponse) => Finding[];
  settings: FuzzSettings;
  /** Added to the suite seed, so each operation has its own reproducible stream. */
  seedOffset: number;
  /** Requests made to succeed (request-cases.ts `successProbes`): the run starts with `probeCount` of them. */
  probes?: fc.Arbitrary<FuzzCase>;
  /** Default 3. */
  probeCount?: number;
}

/**
 * Cases an operation always sends, whatever its budget: on a loaded machine a first request may take longer than the
 * whole budget, and a run of no case fuzzes nothing (fast-check's own time limit fails such a run).
 */
export const MINIMUM_RUNS = 10;

const findingKey = (finding: Finding) =>
  `${finding.kind}|${finding.operationId}|${finding.status}|${finding.detail.slice(0, 120)}`;

export async function fuzzOperation(input: FuzzOperationInput): Promise<OperationReport> {
  const report: OperationReport = {
    operationId: input.operationId,
    runs: 0,
    statuses: {},
    admittedStatuses: {},
    findings: [],
  };
  const seen = new Set<string>();
  const seed = (input.settings.seed + input.seedOffset) | 0;
  // Drawn from the same seed: a replayed run starts with the same probes.
  const probes = input.probes ? fc.sample(input.probes, { seed, numRuns: input.probeCount ?? 3 }) : [];
  const deadline = Date.now() + input.settings.timeLimitMs;
  await fc.assert(
    fc.asyncProperty(input.cases, async (fuzzCase) => {
      // Past the budget, the remaining cases are drawn but not sent (the seed's stream stays the same).
      if (report.runs >= MINIMUM_RUNS && Date.now() > deadline) return;
      const response = await input.send(fuzzCase);
      report.runs += 1;
      report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      if (!fuzzCase.mutated)
        report.admittedStatuses[response.status] = (report.admittedStatuses[response.status] ?? 0) + 1;
      for (const finding of input.check(fuzzCase, response)) {
        const key = findingKey(finding);
        if (seen.has(key)) continue;
        seen.add(key);
        report.findings.push(finding);
      }
    }),
    {
      seed,
      numRuns: input.settings.runsPerOperation,
      examples: probes.map((probe): [FuzzCase] => [probe]),
      timeout: input.settings.caseTimeoutMs,
    },
  );
  return report;
}

/**
 * The operation's documented 2xx statuses and those of them its admitted requests got. A fuzz suite asserts that an
 * operation documenting a success reached it: a run whose valid requests all end in 404 or 409 never fuzzed the
 * handler's success path.
 */
export function successesOf(
  documented: readonly string[],
  report: Pick<OperationReport, 'admittedStatuses'>,
): { documented: number[]; reached: number[] } {
  const successes = documented.filter((status) => /^2\d\d$/.test(status)).map(Number);
  const reached = successes.filter((status) => (report.admittedStatuses[status] ?? 0) > 0);
  return { documented: successes, reached };
}

/** One line per operation: runs and statuses, for the log of a fuzz suite. */
export function summarize(reports: readonly OperationReport[], settings: FuzzSettings, elapsedMs: number): string {
  const lines = reports.map((report) => {
    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    return `  ${report.operationId.padEnd(28)} runs=${String(report.runs).padStart(4)}  ${statuses}`;
  });
  const total = reports.reduce((sum, report) => sum + report.runs, 0);
  return [
    `fuzz seed=${settings.seed} (replay: FUZZ_SEED=${settings.seed}) runs/operation<=${settings.runsPerOperation} ` +
      `budget/operation=${settings.timeLimitMs}ms cases=${total} elapsed=${elapsedMs}ms`,
    ...lines,
  ].join('\n');
}
