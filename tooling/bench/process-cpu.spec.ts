import { describe, expect, it } from '@jest/globals';
import { cpuPerUnit, sampleCpu, serviceProbes } from './process-cpu.js';

describe('cpuPerUnit', () => {
  it('divides each probe’s CPU between two samples by the work done, largest first, with the cores it kept busy', () => {
    const before = new Map([
      ['mysql', 1_000],
      ['trading-api', 500],
      ['load generator', 100],
    ]);
    const after = new Map([
      ['mysql', 1_600],
      ['trading-api', 1_500],
      ['load generator', 300],
      ['anvil', 50],
    ]);

    expect(cpuPerUnit(before, after, { count: 200, name: 'completed trade', wallMs: 1_000, cores: 2 })).toBe(
      'cpu ms per completed trade: trading-api 5.00, mysql 3.00, load generator 1.00 = 9.00 (1.80 of 2 cores busy)',
    );
  });

  it('prints nothing when /proc gave only the bench’s own figure or no work was done', () => {
    const own = new Map([['load generator', 10]]);
    expect(cpuPerUnit(own, own, { count: 5, name: 'trade', wallMs: 1_000, cores: 2 })).toBeNull();
    const both = new Map([
      ['mysql', 1],
      ['load generator', 1],
    ]);
    expect(cpuPerUnit(both, both, { count: 0, name: 'trade', wallMs: 1_000, cores: 2 })).toBeNull();
  });
});

describe('sampleCpu', () => {
  it('reads this process through /proc like any other probe and adds the bench’s own usage', () => {
    let spin = 0;
    for (let index = 0; index < 2_000_000; index += 1) spin += index % 3;
    const sample = sampleCpu([{ label: 'self', pid: process.pid }]);

    expect(spin).toBeGreaterThan(0);
    expect(sample.get('self')).toBeGreaterThan(0);
    expect(sample.get('load generator')).toBeGreaterThan(0);
    expect(serviceProbes().every((probe) => ['mysql', 'rabbitmq', 'redis'].includes(probe.label))).toBe(true);
  });
});
