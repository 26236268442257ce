/*
 * CPU time per process, read from outside through Linux's /proc (utime + stime): the benches' breakdown of where a
 * workload's CPU goes (the deployables, anvil, MySQL, RabbitMQ, Redis and the load generator itself), so a
 * shortfall names the process to profile. Elsewhere than Linux every probe reads as absent and nothing is printed.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in ticks of 10 ms on every Linux that Node supports. */
const TICK_MS = 10;

interface ProcessStat {
  pid: number;
  ppid: number;
  /** The executable's name, as /proc/<pid>/comm gives it (at most 15 characters). */
  name: string;
  cpuMs: number;
}

function readStat(pid: number): ProcessStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name sits in parentheses and may hold spaces: the fields after it start at state (field 3).
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const [ppid, utime, stime] = [fields[1], fields[11], fields[12]].map(Number) as [number, number, number];
    return { pid, ppid, name: stat.slice(open + 1, close), cpuMs: (utime + stime) * TICK_MS };
  } catch {
    return undefined;
  }
}

function allProcesses(): ProcessStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter((stat): stat is ProcessStat => stat !== undefined);
}

/** A process whose CPU a bench reports, under `label`. */
export interface CpuProbe {
  label: string;
  pid: number;
}

/**
 * Probes for the shared services this machine runs (MySQL or MariaDB, RabbitMQ, Redis) and for the children named
 * `childNames` of this process (e.g. the anvil it spawned), found by name; absent ones are left out.
 */
export function serviceProbes(childNames: readonly string[] = []): CpuProbe[] {
  const services = new Map([
    ['mariadbd', 'mysql'],
    ['mysqld', 'mysql'],
    ['beam.smp', 'rabbitmq'],
    ['redis-server', 'redis'],
  ]);
  const probes: CpuProbe[] = [];
  for (const stat of allProcesses()) {
    const service = services.get(stat.name);
    if (service) probes.push({ label: service, pid: stat.pid });
    else if (stat.ppid === process.pid && childNames.includes(stat.name))
      probes.push({ label: stat.name, pid: stat.pid });
  }
  return probes;
}

/** CPU milliseconds used so far by each probe (the bench's own process through process.cpuUsage). */
export type CpuSample = Map<string, number>;

export function sampleCpu(probes: readonly CpuProbe[]): CpuSample {
  const sample: CpuSample = new Map();
  for (const probe of probes) {
    const stat = readStat(probe.pid);
    if (stat) sample.set(probe.label, (sample.get(probe.label) ?? 0) + stat.cpuMs);
  }
  const own = process.cpuUsage();
  sample.set('load generator', (own.user + own.system) / 1000);
  return sample;
}

/**
 * `cpu ms per <unit>: trading-api 5.6, mysql 5.3, … = 21.1 (1.80 of 2 cores busy)`: what each probe used between
 * `before` and `after`, per unit of work done in `wallMs`; null when /proc gave nothing.
 */
export function cpuPerUnit(
  before: CpuSample,
  after: CpuSample,
  units: { count: number; name: string; wallMs: number; cores: number },
): string | null {
  const used = [...after.entries()]
    .filter(([label]) => before.has(label))
    .map(([label, ms]) => [label, ms - before.get(label)!] as const)
    .sort((a, b) => b[1] - a[1]);
  if (used.length <= 1 || units.count === 0) return null;
  const total = used.reduce((sum, [, ms]) => sum + ms, 0);
  const parts = used.map(([label, ms]) => `${label} ${(ms / units.count).toFixed(2)}`).join(', ');
  return (
    `cpu ms per ${units.name}: ${parts} = ${(total / units.count).toFixed(2)} ` +
    `(${(total / units.wallMs).toFixed(2)} of ${units.cores} cores busy)`
  );
}
