/* The Node twin's runner without a server: what it does around a definition's iterations (monitor, logs, drops). */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { resolveLoadConfig } from '../../loadtest/lib/load-config.js';
import { formatSummaryText } from '../../loadtest/lib/run-summary.js';
import type { LoadTimeline, ScenarioDefinition } from '../../loadtest/lib/scenario-types.js';
import { runScenario } from './run-scenario.js';

const config = resolveLoadConfig({});

/** A definition whose iterations only wait `iterationMs`; the rest is filled in per test. */
function waiting(iterationMs: number, extra: Partial<ScenarioDefinition<null>> = {}): ScenarioDefinition<null> {
  return {
    name: 'waiting',
    description: 'iterations that only wait',
    metrics: {},
    thresholds: {},
    load: { profile: 'ramp', rate: 4, hold: '1s', maxVUs: 8 },
    setup: () => Promise.resolve(null),
    iteration: () => sleep(iterationMs),
    ...extra,
  };
}

describe('the Node twin runner', () => {
  it("runs the definition's monitor beside the load with its timeline, and waits for it before the summary", async () => {
    const seen: Array<{ timeline: LoadTimeline; startedAfterMs: number; endedAfterMs: number }> = [];
    const began = Date.now();
    const definition = waiting(10, {
      metrics: { monitored: 'gauge' },
      thresholds: { monitored: ['value==1'] },
      async monitor(context, _data, _config, timeline) {
        const startedAfterMs = Date.now() - began;
        await context.sleep(timeline.rampDownStartMs);
        context.add('monitored', 1);
        seen.push({ timeline, startedAfterMs, endedAfterMs: Date.now() - began });
      },
    });
    const run = await runScenario(definition, config, definition.load);
    // ramp 1 s, hold 1 s, ramp down 1 s
    expect(seen).toEqual([
      {
        timeline: { warmUpEndMs: 1_250, rampDownStartMs: 2_000, endMs: 3_000 },
        startedAfterMs: expect.any(Number),
        endedAfterMs: expect.any(Number),
      },
    ]);
    expect(seen[0]!.startedAfterMs).toBeLessThan(500);
    expect(seen[0]!.endedAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(run.summary.metrics['monitored']!.thresholds).toEqual({ 'value==1': { ok: true } });
  }, 15_000);

  it('logs nothing of an iteration still running after the graceful stop, and counts it as abandoned', async () => {
    const lines: Array<{ line: string; at: number }> = [];
    const definition = waiting(0, {
      load: { profile: 'ramp', rate: 2, hold: '1s', maxVUs: 4 },
      async iteration(context, _data, config) {
        // Longer than the whole run (3 s): every iteration outlives it.
        await context.sleep(3_500);
        context.log('an iteration that outlived the run');
        const late = await context.http.request({ name: 'GET late', method: 'GET', url: `${config.publicUrl}/late` });
        context.check(late, { 'late answered': () => true });
      },
    });
    const run = await runScenario(definition, config, definition.load, {
      gracefulStopMs: 100,
      log: (line) => lines.push({ line, at: Date.now() }),
    });
    const returnedAt = Date.now();
    await sleep(3_600);
    expect(run.interrupted).toBeGreaterThan(0);
    expect(lines.filter((entry) => entry.at > returnedAt)).toEqual([]);
    expect(lines.map((entry) => entry.line)).toContainEqual(
      expect.stringMatching(/^\[waiting\] \d+ iterations still running 0\.1 s after the last stage were abandoned/),
    );
    expect(lines.map((entry) => entry.line)).not.toContainEqual(expect.stringContaining('outlived'));
    expect(run.byRequest).toEqual([]);
    expect(run.checks).toEqual([]);
  }, 15_000);

  it('judges dropped iterations (at most 1 % of the planned ones) and prints them above the summary line', async () => {
    // One VU, iterations of 600 ms, 16 planned in 3 s: most are due while the VU is busy.
    const definition = waiting(600, { load: { profile: 'ramp', rate: 8, hold: '1s', maxVUs: 1 } });
    const run = await runScenario(definition, config, definition.load);
    const dropped = run.summary.metrics['dropped_iterations']!;
    expect(dropped.values.count).toBeGreaterThan(5);
    expect(dropped.thresholds).toEqual({ 'count<=0': { ok: false } });
    const lines = formatSummaryText('waiting', run.summary).split('\n');
    expect(lines.at(-2)).toMatch(new RegExp(`^iterations=\\d+ dropped_iterations=${dropped.values.count}$`));
    expect(lines.at(-1)).toMatch(/ thresholds=fail$/);
  }, 15_000);
});
