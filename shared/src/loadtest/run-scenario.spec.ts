/* The Node twin's runner without a server: what it does around a definition's iterations (monitor, logs, drops). */
import { describe, expect, it } from '@jest/globals';
import { resolveLoadConfig } from '../../../loadtest/lib/load-config.js';
import type { LoadTimeline, ScenarioDefinition } from '../../../loadtest/lib/scenario-types.js';
import { runScenario } from './run-scenario.js';

const config = resolveLoadConfig({});
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
});
