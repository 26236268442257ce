/*
 * The Node twin of k6's ramping-arrival-rate executor: iterations start at the rate the stages prescribe (ramping
 * linearly from the previous target, starting at 0), whatever the system's answer times (an open model). At most
 * `maxVUs` iterations run at once; an iteration due while all are busy is dropped and counted, as k6 does.
 */
import type { LoadStage } from '../../loadtest/lib/scenario-types.js';
import { parseDuration } from '../../loadtest/lib/load-config.js';

/** How many iterations are due (fractional) `elapsedMs` into the stages: the integral of the rate. */
export function iterationsDueBy(stages: readonly LoadStage[], elapsedMs: number): number {
  let due = 0;
  let stageStart = 0;
  let fromRate = 0;
  for (const stage of stages) {
    const length = parseDuration(stage.duration);
    const within = Math.min(Math.max(elapsedMs - stageStart, 0), length);
    if (within > 0 && length > 0) {
      const rateAtWithin = fromRate + ((stage.target - fromRate) * within) / length;
      due += (((fromRate + rateAtWithin) / 2) * within) / 1_000;
    }
    stageStart += length;
    fromRate = stage.target;
    if (elapsedMs <= stageStart) break;
  }
  return due;
}

export interface ArrivalRunOptions {
  stages: readonly LoadStage[];
  maxVUs: number;
  /** Runs one iteration as virtual user `vu` (1-based), its `iteration`-th (0-based). */
  runIteration(vu: number, iteration: number): Promise<void>;
  /** How long to let running iterations finish after the last stage (k6 gracefulStop). */
  gracefulStopMs: number;
  tickMs?: number;
  now?: () => number;
}

export interface ArrivalRunResult {
  started: number;
  dropped: number;
  /** Iterations still running when the graceful stop ran out (abandoned). */
  interrupted: number;
  /** Per second: iterations in flight at the end of it. */
  inFlightBySecond: number[];
  durationMs: number;
}

export async function runArrivalRate(options: ArrivalRunOptions): Promise<ArrivalRunResult> {
  const now = options.now ?? (() => performance.now());
  const tickMs = options.tickMs ?? 20;
  const totalMs = options.stages.reduce((sum, stage) => sum + parseDuration(stage.duration), 0);
  const freeVUs = Array.from({ length: options.maxVUs }, (_, index) => options.maxVUs - index);
  const iterationsOfVU = new Map<number, number>();
  const running = new Set<Promise<void>>();
  const inFlightBySecond: number[] = [];
  let scheduled = 0;
  let started = 0;
  let dropped = 0;
  const begin = now();

  const start = (vu: number) => {
    const iteration = iterationsOfVU.get(vu) ?? 0;
    iterationsOfVU.set(vu, iteration + 1);
    const run: Promise<void> = options
      .runIteration(vu, iteration)
      .catch(() => undefined)
      .finally(() => {
        running.delete(run);
        freeVUs.push(vu);
      });
    running.add(run);
  };

  for (;;) {
    const elapsed = Math.min(now() - begin, totalMs);
    const due = Math.floor(iterationsDueBy(options.stages, elapsed) + 1e-9);
    while (scheduled < due) {
      scheduled += 1;
      const vu = freeVUs.pop();
      if (vu === undefined) dropped += 1;
      else {
        started += 1;
        start(vu);
      }
    }
    const second = Math.floor(elapsed / 1_000);
    inFlightBySecond[second] = running.size;
    if (elapsed >= totalMs) break;
    await new Promise((resolve) => setTimeout(resolve, tickMs));
  }

  const interrupted = await Promise.race([
    Promise.all(running).then(() => 0),
    new Promise<number>((resolve) => setTimeout(() => resolve(running.size), options.gracefulStopMs).unref()),
  ]);
  return {
    started,
    dropped,
    interrupted,
    inFlightBySecond: Array.from(inFlightBySecond, (n) => n ?? 0),
    durationMs: now() - begin,
  };
}
