import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MINIMUM_RUNS, fuzzOperation, fuzzSettings, successesOf, summarize } from './fuzz-run.js';
import type { FuzzCase } from './request-cases.js';
import type { Finding } from './response-invariants.js';

const defaults = { runsPerOperation: 50, suiteBudgetMs: 20_000, operations: 10 };

describe('fuzzSettings', () => {
  it('shares the suite budget among operations and draws a seed when none is given', () => {
    const settings = fuzzSettings(defaults, {});
    expect(settings).toEqual({
      seed: expect.any(Number),
      runsPerOperation: 50,
      timeLimitMs: 2_000,
      caseTimeoutMs: 10_000,
    });
    expect(Number.isSafeInteger(settings.seed)).toBe(true);
  });

  it('takes FUZZ_SEED, FUZZ_RUNS and FUZZ_TIME_MS from the environment and refuses nonsense', () => {
    expect(fuzzSettings(defaults, { FUZZ_SEED: '42', FUZZ_RUNS: '7', FUZZ_TIME_MS: '100000' })).toMatchObject({
      seed: 42,
      runsPerOperation: 7,
      timeLimitMs: 10_000,
    });
    expect(() => fuzzSettings(defaults, { FUZZ_RUNS: 'many' })).toThrow('FUZZ_RUNS must be a non-negative integer');
  });
});

describe('fuzzOperation', () => {
  const cases = fc.integer({ min: 0, max: 9 }).map((n): FuzzCase => ({
    label: `case ${n}`,
    mutated: n % 2 === 1,
    request: { method: 'GET', target: `/${n}`, headers: {} },
  }));
  const settings = { seed: 9, runsPerOperation: 40, timeLimitMs: 5_000, caseTimeoutMs: 1_000 };

  it('sends every case, counts statuses (admitted apart) and keeps each distinct finding once', async () => {
    const sent: string[] = [];
    const report = await fuzzOperation({
      operationId: 'getThing',
      cases,
      send: async (fuzzCase) => {
        sent.push(fuzzCase.request.target);
        return { status: fuzzCase.mutated ? 400 : 200, headers: new Headers(), text: '' };
      },
      check: (fuzzCase, response): Finding[] =>
        response.status === 400
          ? [
              {
                kind: 'error shape',
                operationId: 'getThing',
                status: 400,
                detail: 'no code',
                reproduction: fuzzCase.label,
              },
            ]
          : [],
      settings,
      seedOffset: 0,
    });
    expect(report.runs).toBe(40);
    expect(sent).toHaveLength(40);
    expect(report.statuses[200]! + report.statuses[400]!).toBe(40);
    expect(Object.keys(report.admittedStatuses)).toEqual(['200']);
    expect(report.findings).toHaveLength(1);
    expect(summarize([report], settings, 12)).toContain('fuzz seed=9 (replay: FUZZ_SEED=9)');
  });

  it('replays the same cases for the same seed', async () => {
    const run = async () => {
      const sent: string[] = [];
      await fuzzOperation({
        operationId: 'getThing',
        cases,
        send: async (fuzzCase) => {
          sent.push(fuzzCase.request.target);
          return { status: 200, headers: new Headers(), text: '' };
        },
        check: () => [],
        settings,
        seedOffset: 3,
      });
      return sent;
    };
    expect(await run()).toEqual(await run());
  });

  it('stops sending at its time limit instead of failing, after its minimum of cases', async () => {
    const report = await fuzzOperation({
      operationId: 'slow',
      cases,
      send: () =>
        new Promise((resolve) => setTimeout(() => resolve({ status: 200, headers: new Headers(), text: '' }), 20)),
      check: () => [],
      settings: { ...settings, runsPerOperation: 1_000, timeLimitMs: 200 },
      seedOffset: 0,
    });
    expect(report.runs).toBeGreaterThanOrEqual(MINIMUM_RUNS);
    expect(report.runs).toBeLessThan(1_000);
  });

  it('sends its minimum of cases even when the first one outlasts the whole budget', async () => {
    const report = await fuzzOperation({
      operationId: 'slowStart',
      cases,
      send: () =>
        new Promise((resolve) => setTimeout(() => resolve({ status: 200, headers: new Headers(), text: '' }), 60)),
      check: () => [],
      settings: { ...settings, runsPerOperation: 1_000, timeLimitMs: 50 },
      seedOffset: 0,
    });
    expect(report.runs).toBe(MINIMUM_RUNS);
  });

  it('starts with probes drawn from the same seed, counted as admitted requests', async () => {
    const probes = fc.constantFrom('a', 'b').map((name): FuzzCase => ({
      label: `probe ${name}`,
      mutated: false,
      request: { method: 'POST', target: `/probe/${name}`, headers: {} },
    }));
    const run = async () => {
      const sent: string[] = [];
      const report = await fuzzOperation({
        operationId: 'createThing',
        cases,
        probes,
        probeCount: 2,
        send: async (fuzzCase) => {
          sent.push(fuzzCase.request.target);
          return {
            status: fuzzCase.request.target.startsWith('/probe/') ? 201 : 404,
            headers: new Headers(),
            text: '',
          };
        },
        check: () => [],
        settings,
        seedOffset: 5,
      });
      return { sent, report };
    };
    const first = await run();
    expect(first.sent.slice(0, 2).every((target) => target.startsWith('/probe/'))).toBe(true);
    expect(first.sent.slice(2).some((target) => target.startsWith('/probe/'))).toBe(false);
    expect(first.report.admittedStatuses[201]).toBe(2);
    expect((await run()).sent).toEqual(first.sent);
  });
});

describe('successesOf', () => {
  it('lists the documented 2xx statuses and which of them admitted requests reached', () => {
    expect(successesOf(['200', '201', '202', '400', '409'], { admittedStatuses: { 201: 3, 409: 40 } })).toEqual({
      documented: [200, 201, 202],
      reached: [201],
    });
    // 404 and 409 are answers, not successes: a run of only those reached nothing.
    expect(successesOf(['200', '404', '409'], { admittedStatuses: { 404: 12, 409: 30 } })).toEqual({
      documented: [200],
      reached: [],
    });
    expect(successesOf(['404'], { admittedStatuses: {} })).toEqual({ documented: [], reached: [] });
  });
});
